import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  epochTimeMs,
  FASTEST_CHUNK_BYTES,
  MAX_BURST_BYTES,
  MAX_REPLAY_BYTES,
  planReplay,
  playReplay,
  READ_CHUNK_BYTES,
  ReplayPlanner,
  tooLargeMessage,
  type ReplaySource,
  type ReplaySpeed,
} from './replay';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunks: Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c)).join('');

// Three epochs 1 s apart, then one 0.5 s later, with other sentences between.
const LOG = [
  '# header line',
  '$GPGGA,120000.00,4530.102,N,07334.038,W,1,08,0.9,35.0,M,,,,*00',
  '$GPGSA,A,3,01,02,,,,,,,,,,,1.5,0.9,1.2*00',
  '$GPRMC,120000.00,A,4530.102,N,07334.038,W,0.0,0.0,010626,,,A*00',
  '$GPGGA,120001.00,4530.102,N,07334.038,W,1,08,0.9,35.0,M,,,,*00',
  '$GPRMC,120001.00,A,4530.102,N,07334.038,W,0.0,0.0,010626,,,A*00',
  '$GNRMC,120002,A,4530.102,N,07334.038,W,0.0,0.0,010626,,,A*00',
  '$GPGGA,120002.50,4530.102,N,07334.038,W,1,08,0.9,35.0,M,,,,*00',
  '',
].join('\r\n');

describe('planReplay', () => {
  it('reads the UTC time of GGA and RMC lines only', () => {
    expect(epochTimeMs('$GPGGA,133901.40,4134.5,N,09345.0,W,4,19,0.7,280.8,M,,M,,*60')).toBe(((13 * 60 + 39) * 60 + 1.4) * 1000);
    expect(epochTimeMs('$GNRMC,235959,A,...')).toBe(86_399_000);
    expect(epochTimeMs('$GPGSA,A,3,01*00')).toBeNull();
    expect(epochTimeMs('$GPGGA,,,,*00')).toBeNull();
    expect(epochTimeMs('GPGGA,120000')).toBeNull();
  });

  it('one burst per epoch, timed from the first; every byte sent once, in order', () => {
    const plan = planReplay(bytes(LOG));
    expect(plan.map((b) => b.atMs)).toEqual([0, 1000, 2000, 2500]);
    expect(text(plan.map((b) => b.bytes))).toBe(LOG);
    expect(text(plan.slice(0, 1).map((b) => b.bytes))).toContain('# header line');
    expect(text(plan.slice(0, 1).map((b) => b.bytes))).toContain('$GPGSA');
  });

  it('time running backwards adds no wait; a wrap past midnight counts forward', () => {
    const back = planReplay(bytes('$GPGGA,120005,x\n$GPGGA,120001,x\n$GPGGA,120002,x\n'));
    expect(back.map((b) => b.atMs)).toEqual([0, 0, 1000]);
    const midnight = planReplay(bytes('$GPGGA,235959,x\n$GPGGA,000001,x\n'));
    expect(midnight.map((b) => b.atMs)).toEqual([0, 2000]);
  });
});

describe('playReplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const timers = {
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };

  function play(speed: ReplaySpeed, input = LOG) {
    const sent: Uint8Array[] = [];
    const progress: number[] = [];
    let done = false;
    const stop = playReplay(bytes(input), speed, timers, {
      push: (b) => sent.push(b),
      onProgress: (p) => progress.push(p),
      onDone: () => (done = true),
      onError: (message) => {
        throw new Error(`unexpected read error: ${message}`);
      },
    });
    return { sent, progress, done: () => done, stop };
  }

  it('real time: each epoch goes out when its time has come', () => {
    const r = play(1);
    expect(r.sent).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(r.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(r.sent).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(r.sent).toHaveLength(3);
    expect(r.done()).toBe(false);
    vi.advanceTimersByTime(500);
    expect(r.sent).toHaveLength(4);
    expect(r.done()).toBe(true);
    expect(r.progress.at(-1)).toBe(1);
    expect(text(r.sent)).toBe(LOG);
  });

  it('10×: the same log in a tenth of the time', () => {
    const r = play(10);
    vi.advanceTimersByTime(199);
    expect(r.sent).toHaveLength(2);
    vi.advanceTimersByTime(51);
    expect(r.done()).toBe(true);
  });

  it('as fast as possible: chunks of FASTEST_CHUNK_BYTES, one timer turn apart', () => {
    const big = LOG.repeat(Math.ceil((FASTEST_CHUNK_BYTES * 2.5) / LOG.length));
    const r = play(Infinity, big);
    expect(r.sent).toHaveLength(1);
    vi.runAllTimers();
    expect(r.done()).toBe(true);
    expect(r.sent.map((b) => b.length)).toEqual([FASTEST_CHUNK_BYTES, FASTEST_CHUNK_BYTES, big.length - 2 * FASTEST_CHUNK_BYTES]);
    expect(text(r.sent)).toBe(big);
  });

  it('stop: nothing more is sent', () => {
    const r = play(1);
    r.stop();
    vi.advanceTimersByTime(10_000);
    expect(r.sent).toHaveLength(1);
    expect(r.done()).toBe(false);
  });
});

describe('large and binary logs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const timers = {
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };

  /** A log of `size` bytes made on demand (never held whole), recording each read. */
  function virtualLog(size: number, byteAt: (i: number) => number) {
    const reads: [number, number][] = [];
    const source: ReplaySource = {
      size,
      read: async (start, end) => {
        reads.push([start, end]);
        const out = new Uint8Array(end - start);
        for (let i = 0; i < out.length; i += 1) out[i] = byteAt(start + i);
        return out;
      },
    };
    return { source, reads };
  }

  for (const speed of [1, 10, Infinity] as ReplaySpeed[]) {
    it(`a 12 MB binary log at ${speed}×: read a chunk at a time, sent in bounded pieces, to the end`, async () => {
      const size = 12 * 1024 * 1024 + 7;
      const { source, reads } = virtualLog(size, (i) => (i * 131) % 251); // no GGA/RMC, few newlines
      let sent = 0;
      let largest = 0;
      let done = false;
      const progress: number[] = [];
      playReplay(source, speed, timers, {
        push: (b) => {
          sent += b.length;
          largest = Math.max(largest, b.length);
        },
        onProgress: (p) => progress.push(p),
        onDone: () => (done = true),
        onError: (m) => {
          throw new Error(m);
        },
      });
      await vi.runAllTimersAsync();
      expect(done).toBe(true);
      expect(sent).toBe(size);
      expect(largest).toBeLessThanOrEqual(Math.max(MAX_BURST_BYTES, FASTEST_CHUNK_BYTES));
      expect(reads.every(([a, b]) => b - a <= READ_CHUNK_BYTES)).toBe(true);
      expect(reads).toHaveLength(Math.ceil(size / READ_CHUNK_BYTES));
      expect(progress.at(-1)).toBe(1);
    });
  }

  it('a log that cannot be read ends in an error, not a stuck 0%', async () => {
    const source: ReplaySource = { size: 10, read: () => Promise.reject(new Error('The file went away')) };
    let error = '';
    playReplay(source, 1, timers, { push: () => {}, onProgress: () => {}, onDone: () => {}, onError: (m) => (error = m) });
    await vi.runAllTimersAsync();
    expect(error).toBe('The file went away');
  });

  it('epochs split across chunks are timed as in one piece', () => {
    const log = '$GPGGA,120000,x\n$GPGGA,120001,x\n$GPGGA,120003,x\n';
    const whole = planReplay(new TextEncoder().encode(log));
    const planner = new ReplayPlanner();
    const bytes = new TextEncoder().encode(log);
    const split = [...planner.feed(bytes.subarray(0, 20), false), ...planner.feed(bytes.subarray(20), true)];
    expect(split.map((b) => b.atMs)).toEqual(whole.map((b) => b.atMs));
    expect(split.map((b) => b.atMs)).toEqual([0, 1000, 3000]);
  });

  it('the size cap is stated in MB', () => {
    expect(tooLargeMessage(600 * 1024 * 1024)).toBe('the log is 600 MB; logs up to 256 MB can be replayed');
    expect(MAX_REPLAY_BYTES).toBe(256 * 1024 * 1024);
  });
});
