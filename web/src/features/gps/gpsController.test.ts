import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NmeaEngine, NmeaFix, NmeaHandlers, PortInfo } from '../../core/gps';
import type { GeolocationLike } from '../../services/geolocation/geolocation';
import type { SerialPortLike } from '../../services/serial/webSerial';
import { classifyReadError } from '../../services/serial/webSerial';
import { GPS_DISCONNECTED, GpsController, RENDER_INTERVAL_MS } from './gpsController';

class FakeEngine implements NmeaEngine {
  handlers!: NmeaHandlers;
  pushed: Uint8Array[] = [];
  finished = 0;
  ends: [number, { name: string; message: string } | null][] = [];
  push(bytes: Uint8Array) {
    this.pushed.push(bytes);
  }
  finish() {
    this.finished += 1;
  }
  endStream(readId: number, error: { name: string; message: string } | null) {
    this.ends.push([readId, error]);
  }
  reset() {}
  /** Whether the worker can open the port (false: it has no Web Serial, as in most tests). */
  workerOpens = false;
  serialOpens: [number, PortInfo, number][] = [];
  serialReads: number[] = [];
  serialCloses = 0;
  /** When set, the worker's open answers only once this resolves. */
  openGate: Promise<void> | null = null;
  async openSerial(readId: number, info: PortInfo, baudRate: number) {
    this.serialOpens.push([readId, info, baudRate]);
    await this.openGate;
    return this.workerOpens;
  }
  readSerial(readId: number) {
    this.serialReads.push(readId);
  }
  async closeSerial() {
    this.serialCloses += 1;
  }
}

class FakePort extends EventTarget implements SerialPortLike {
  opened: number[] = [];
  closed = 0;
  streams = 0;
  private stream: ReadableStream<Uint8Array> | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  async open({ baudRate }: { baudRate: number }) {
    this.opened.push(baudRate);
  }
  async close() {
    this.closed += 1;
  }
  get readable() {
    if (!this.stream) {
      this.streams += 1;
      this.stream = new ReadableStream<Uint8Array>({ start: (c) => (this.controller = c) });
    }
    return this.stream;
  }
  /** The receiver sends these bytes, as the driver delivers them. */
  send(...chunks: Uint8Array[]) {
    for (const chunk of chunks) this.controller?.enqueue(chunk);
  }
  /** The current stream ends (done). */
  end() {
    this.controller?.close();
  }
  /** The current stream fails, as Web Serial's does. */
  fail(error: DOMException) {
    this.controller?.error(error);
  }
  /** As Web Serial does after a read error: the next `readable` is a fresh stream. */
  errored() {
    this.stream = null;
  }
}

const FIX: NmeaFix = {
  timeMs: (6 * 3600 + 1) * 1000 + 500,
  date: '2026-06-01',
  latitude: 45.5017,
  longitude: -73.5673,
  altitude: 35,
  speedKmh: 50,
  course: 40,
  satellites: 11,
  fixQuality: 'GPS Fix',
  hdop: 0.8,
  fixType: '3D',
  pdop: 1.6,
  vdop: 1.3,
  satsInView: 15,
  snrMean: 42.5,
  snrMax: 50,
  errLatM: 0.69,
  errLonM: 0.47,
  errAltM: 1.1,
};

/** A receiver that talks but has no fix yet: nothing known but its time. */
const SEARCHING: NmeaFix = {
  timeMs: 6 * 3600 * 1000,
  date: null,
  latitude: null,
  longitude: null,
  altitude: null,
  speedKmh: null,
  course: null,
  satellites: 0,
  fixQuality: 'No Fix',
  hdop: null,
  fixType: 'none',
  pdop: null,
  vdop: null,
  satsInView: 9,
  snrMean: null,
  snrMax: null,
  errLatM: null,
  errLonM: null,
  errAltM: null,
};

const NO_COUNTS = { badChecksum: 0, notNmea: 0 };

/** A geolocation that answers every request with one position and counts the requests. */
function fakeGeolocation() {
  const calls = { current: 0, watches: 0, cleared: 0 };
  const geolocation: GeolocationLike = {
    getCurrentPosition: (success) => {
      calls.current += 1;
      success({
        timestamp: Date.UTC(2026, 5, 1, 6, 0, 0),
        coords: { latitude: 45.5, longitude: -73.6, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
      } as GeolocationPosition);
    },
    watchPosition: () => ++calls.watches,
    clearWatch: () => (calls.cleared += 1),
  };
  return { geolocation, calls };
}

function setup({ failsafe = false, geolocation = null as GeolocationLike | null } = {}) {
  const engine = new FakeEngine();
  const port = new FakePort();
  const frames: (() => void)[] = [];
  const saved: Record<string, unknown> = {};
  const controller = new GpsController({
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    scheduleFrame: (fn) => frames.push(fn),
    geolocation,
    serial: {
      supported: true,
      request: async () => port,
      open: (p, baudRate) => p.open({ baudRate }),
      close: (p) => p.close(),
      classify: classifyReadError,
    },
    createEngine: (handlers) => {
      engine.handlers = handlers;
      return engine;
    },
    settings: {
      failsafeEnabled: failsafe,
      baudRate: 4800,
      saveFailsafeEnabled: (v) => (saved.failsafe = v),
      saveBaudRate: (v) => (saved.baud = v),
    },
  });
  const frame = () => frames.splice(0).forEach((fn) => fn());
  return { controller, engine, port, frames, frame, saved };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 5, 1, 6, 0, 2));
});
afterEach(() => vi.useRealTimers());

describe('display rate', () => {
  it('many parser updates between two frames make one render, with the newest values', () => {
    const { controller, engine, frames, frame } = setup();
    controller.start();
    const renders = vi.fn();
    controller.subscribe(renders);
    for (let i = 0; i < 20; i++) {
      engine.handlers.onUpdate({
        fix: { ...FIX, latitude: 45 + i / 100 },
        counts: NO_COUNTS,
        newPositions: 1,
        newSentences: 7,
        raw: [`$GPGGA,${i}`],
      });
    }
    expect(frames).toHaveLength(1);
    expect(controller.getSnapshot().latitude).toBeNull(); // not rendered yet
    expect(controller.latest().latitude).toBeCloseTo(45.19);
    frame();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({
      latitude: 45.19,
      source: 'serial',
      rawNMEA: ['$GPGGA,19'],
      time: '2026-06-01 06:00:01.500',
      lastUpdate: Date.UTC(2026, 5, 1, 6, 0, 2),
    });
  });
});

describe('display rate: the receiver is shown at most once per RENDER_INTERVAL_MS', () => {
  const update = (engine: FakeEngine, latitude: number) =>
    engine.handlers.onUpdate({ fix: { ...FIX, latitude }, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });

  it('a snapshot every 100 ms (a 20 Hz receiver) is rendered once a second, always the newest; latest() is never held back', () => {
    const { controller, engine, frames, frame } = setup();
    const renders = vi.fn();
    controller.subscribe(renders);
    for (let i = 1; i <= 10; i++) {
      update(engine, 45 + i / 100);
      expect(controller.latest().latitude).toBeCloseTo(45 + i / 100);
      frame();
      vi.advanceTimersByTime(100);
    }
    frame();
    // 1 s of snapshots: shown at 0 and 1000 ms, never 10 times.
    expect(RENDER_INTERVAL_MS).toBe(1000);
    expect(renders).toHaveBeenCalledTimes(2);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(RENDER_INTERVAL_MS);
    frame();
    expect(controller.getSnapshot().latitude).toBeCloseTo(45.1); // the last one is shown in the end
  });

  it('a change made by the surveyor is shown on the next frame, with the data waiting', () => {
    const { controller, engine, frames, frame } = setup();
    update(engine, 45.01);
    frame();
    update(engine, 45.02);
    expect(frames).toHaveLength(0); // held back
    controller.setBaudRate(9600);
    frame();
    expect(controller.getSnapshot()).toMatchObject({ baudRate: 9600, latitude: 45.02 });
  });
});

describe('serial data (SPEC §4: NMEA data, not only positions)', () => {
  it('valid sentences without a position make serial the source; the view shows its No Fix, not the browser fix', () => {
    const { geolocation, calls } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    controller.start();
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', latitude: 45.5, fixQuality: 'GPS Fix' });

    engine.handlers.onUpdate({ fix: SEARCHING, counts: NO_COUNTS, newPositions: 0, newSentences: 4, raw: ['$GPGSV,1'] });
    frame();
    expect(controller.getSnapshot()).toMatchObject({
      source: 'serial',
      rawNMEA: ['$GPGSV,1'],
      latitude: null,
      longitude: null,
      fixQuality: 'No Fix',
      satellites: 0,
      lastUpdate: null,
      details: { fixType: 'none', satsInView: 9 },
    });
    expect(calls.cleared).toBe(1); // browser tracking stopped
  });

  it('a receiver that talks without a fix keeps serial fresh: the failsafe does not take over', () => {
    const { geolocation, calls } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    const talk = () => engine.handlers.onUpdate({ fix: SEARCHING, counts: NO_COUNTS, newPositions: 0, newSentences: 7, raw: null });
    talk();
    controller.start();
    for (let s = 0; s < 60; s += 2) {
      vi.advanceTimersByTime(2_000);
      talk();
    }
    frame();
    expect(calls.current).toBe(0);
    expect(controller.getSnapshot().source).toBe('serial');

    // Silent for more than 10000 ms: stale, and the next 5000 ms check starts the failsafe.
    vi.advanceTimersByTime(15_000);
    frame();
    expect(calls.current).toBe(1);
    expect(controller.getSnapshot().source).toBe('browser');
  });

  it('line noise and bad checksums alone (a wrong baud rate) are not data: the source stays none; the counts are kept', () => {
    const { controller, engine, frame } = setup();
    controller.start();
    engine.handlers.onUpdate({ fix: SEARCHING, counts: { badChecksum: 2, notNmea: 31 }, newPositions: 0, newSentences: 0, raw: ['$GPGGA,12*00'] });
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'none', latitude: null, details: null, link: { badChecksum: 2, notNmea: 31 } });
  });

  it('the age is that of the last position: sentences without one do not make it younger', () => {
    const { controller, engine, frame } = setup();
    controller.start();
    engine.handlers.onUpdate({ fix: FIX, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });
    const positionAt = Date.now();
    vi.advanceTimersByTime(4_000);
    engine.handlers.onUpdate({ fix: { ...FIX, fixQuality: 'No Fix' }, counts: NO_COUNTS, newPositions: 0, newSentences: 3, raw: null });
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'serial', lastUpdate: positionAt, fixQuality: 'No Fix' });
  });

  it('the fix details come with serial data; a browser fix has none', () => {
    const { geolocation } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    engine.handlers.onUpdate({ fix: FIX, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });
    controller.start();
    frame();
    expect(controller.getSnapshot().details).toEqual({
      fixType: '3D',
      pdop: 1.6,
      vdop: 1.3,
      satsInView: 15,
      snrMean: 42.5,
      snrMax: 50,
      errLatM: 0.69,
      errLonM: 0.47,
      errAltM: 1.1,
    });
    vi.advanceTimersByTime(15_000); // stale → browser
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', details: null });
  });

  it('a new connection starts its counts afresh', async () => {
    const { controller, engine, frame } = setup();
    engine.handlers.onUpdate({ fix: SEARCHING, counts: { badChecksum: 1, notNmea: 4 }, newPositions: 0, newSentences: 0, raw: null });
    await controller.connect();
    frame();
    expect(controller.getSnapshot().link).toEqual({ badChecksum: 0, notNmea: 0 });
  });
});

describe('serial connection', () => {
  it('opens the port at the chosen baud rate and reads its stream on the page (a port that cannot say its ids)', async () => {
    const { controller, engine, port, frame, saved } = setup();
    controller.setBaudRate(38400);
    await controller.connect();
    frame();
    expect(port.opened).toEqual([38400]);
    expect(saved.baud).toBe(38400);
    expect(port.streams).toBe(1);
    expect(port.readable.locked).toBe(true); // being read
    expect(engine.ends).toEqual([]);
    expect(engine.serialOpens).toEqual([]); // without its ids the worker could not find the port
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 38400, recovered: 0 });
  });

  it.each(['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError'])('%s: reads the fresh port.readable and stays connected', async (name) => {
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    const first = port.readable;
    port.errored();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name, message: 'x' });
    frame();
    expect(port.streams).toBe(2);
    expect(port.readable).not.toBe(first);
    expect(port.readable.locked).toBe(true);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 1 });
  });

  it('a fatal read error (NetworkError): GPS disconnected, the port is released and closed', async () => {
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'The device has been lost.' });
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(port.streams).toBe(1);
    expect(port.readable.locked).toBe(false); // the read was cancelled before the port was closed
    expect(port.closed).toBe(1);
  });

  it("the port's disconnect event (unplugged): GPS disconnected", async () => {
    const { controller, port, frame } = setup();
    await controller.connect();
    port.dispatchEvent(new Event('disconnect'));
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: 'GPS disconnected' });
  });

  it("the port's bytes reach the parser in batches: one push per 100 ms, not one per driver chunk", async () => {
    const { controller, engine, port } = setup();
    await controller.connect();
    const text = '$GPGGA,060001.50,4530.102,N,07334.038,W,1,11,0.8,35.0,M,,M,,*4A\r\n'.repeat(20);
    const bytes = new TextEncoder().encode(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 64) }, (_, i) => bytes.slice(i * 64, i * 64 + 64));
    expect(chunks.length).toBeGreaterThan(20);
    port.send(...chunks);
    await vi.advanceTimersByTimeAsync(99);
    expect(engine.pushed).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.pushed).toHaveLength(1);
    expect(new TextDecoder().decode(engine.pushed[0])).toBe(text);

    port.send(bytes.slice(0, 10));
    port.end();
    await vi.advanceTimersByTimeAsync(0);
    // The last bytes go to the parser before the end of the stream, without waiting for the timer.
    expect(engine.pushed).toHaveLength(2);
    expect(new TextDecoder().decode(engine.pushed[1])).toBe(text.slice(0, 10));
    expect(engine.ends).toEqual([[1, null]]);
  });

  it('a read error reaches the parser as the end of the stream, with its name', async () => {
    const { controller, engine, port } = setup();
    await controller.connect();
    port.fail(new DOMException('The device has been lost.', 'NetworkError'));
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.ends).toEqual([[1, { name: 'NetworkError', message: 'The device has been lost.' }]]);
  });

  it('the end of a stream from an earlier connection is ignored', async () => {
    const { controller, engine, frame } = setup();
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 99, kind: 'ended' });
    frame();
    expect(controller.getSnapshot().serial.kind).toBe('connected');
  });
});

describe('serial connection read in the worker', () => {
  const INFO: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };
  const setupWithIds = (workerOpens: boolean) => {
    const parts = setup();
    parts.engine.workerOpens = workerOpens;
    Object.assign(parts.port, { getInfo: () => INFO });
    return parts;
  };

  it("the worker opens the port the surveyor chose (by its ids, at the baud rate): the page neither opens nor reads it", async () => {
    const { controller, engine, port, frame } = setupWithIds(true);
    controller.setBaudRate(9600);
    await controller.connect();
    frame();
    expect(engine.serialOpens).toEqual([[1, INFO, 9600]]);
    expect(port.opened).toEqual([]);
    expect(port.streams).toBe(0);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 9600, recovered: 0 });

    await controller.disconnect();
    frame();
    expect(engine.serialCloses).toBe(1);
    expect(port.closed).toBe(0); // the page's port object was never opened
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
  });

  it('a read error the port survives: the worker reads on as a new read, and the old read is then ignored', async () => {
    const { controller, engine, frame } = setupWithIds(true);
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'FramingError', message: 'x' });
    frame();
    expect(engine.serialReads).toEqual([2]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 1 });
    engine.handlers.onStreamEnd({ readId: 1, kind: 'ended' });
    frame();
    expect(controller.getSnapshot().serial.kind).toBe('connected');
    expect(engine.serialCloses).toBe(0);
  });

  it.each([
    ['a fatal read error', (engine: FakeEngine) => engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'The device has been lost.' })],
    ['the end of the stream', (engine: FakeEngine) => engine.handlers.onStreamEnd({ readId: 1, kind: 'ended' })],
    ["the port's disconnect event", (_engine: FakeEngine, port: EventTarget) => port.dispatchEvent(new Event('disconnect'))],
  ])('%s: GPS disconnected, and the worker closes the port', async (_name, end) => {
    const { controller, engine, port, frame } = setupWithIds(true);
    await controller.connect();
    end(engine, port);
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(engine.serialCloses).toBe(1);
  });

  it('Disconnect GPS while the worker is opening the port: idle, and the worker closes the port it then opened', async () => {
    const { controller, engine, port, frame } = setupWithIds(true);
    let answer = () => {};
    engine.openGate = new Promise((resolve) => (answer = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.latest().serial).toEqual({ kind: 'connecting' });
    await controller.disconnect();
    answer();
    await connecting;
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
    expect(engine.serialCloses).toBe(1);
    port.dispatchEvent(new Event('disconnect')); // no longer watched
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
  });

  it('the worker cannot open it: the page opens and reads the port, as read 1', async () => {
    const { controller, engine, port, frame } = setupWithIds(false);
    await controller.connect();
    frame();
    expect(engine.serialOpens).toEqual([[1, INFO, 4800]]);
    expect(port.opened).toEqual([4800]);
    expect(port.readable.locked).toBe(true);
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'lost' });
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(port.closed).toBe(1);
    expect(engine.serialCloses).toBe(0);
  });
});

describe('browser failsafe', () => {
  it('a browser fix: source browser, hdop = accuracy / 5, GPS Fix, no satellite count', () => {
    const geolocation: GeolocationLike = {
      getCurrentPosition: (success) =>
        success({
          timestamp: Date.UTC(2026, 5, 1, 6, 0, 0),
          coords: { latitude: 45.5, longitude: -73.6, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        } as GeolocationPosition),
      watchPosition: () => 1,
      clearWatch: () => {},
    };
    const { controller, frame, saved } = setup({ failsafe: true, geolocation });
    controller.start();
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', latitude: 45.5, hdop: 2, fixQuality: 'GPS Fix', satellites: null });
    controller.setFailsafeEnabled(false);
    frame();
    expect(saved.failsafe).toBe(false);
    expect(controller.getSnapshot()).toMatchObject({ source: 'none', failsafeEnabled: false });
  });
});

// A file as the controller reads it: a size and slices (jsdom's Blob has no arrayBuffer()).
const logFile = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return {
    name: 'drive.log',
    size: bytes.length,
    slice: (start?: number, end?: number) => {
      const part = bytes.slice(start, end);
      return { arrayBuffer: async () => part.buffer } as unknown as Blob;
    },
  };
};

describe('replay', () => {
  it('feeds the file through the parser, then finishes it', async () => {
    const { controller, engine, frame } = setup();
    const log = '$GPGGA,120000,x\r\n$GPGGA,120001,x\r\n';
    const file = logFile(log);
    await controller.startReplay(file, Infinity);
    await vi.runAllTimersAsync();
    frame();
    expect(new TextDecoder().decode(engine.pushed[0])).toBe(log);
    expect(engine.finished).toBe(1);
    expect(controller.getSnapshot().replay).toEqual({ kind: 'finished', name: 'drive.log' });
  });

  it('a log over the size cap is refused with a message, and nothing is read', async () => {
    const { controller, engine, frame } = setup();
    let sliced = false;
    const huge = {
      name: 'huge.log',
      size: 600 * 1024 * 1024,
      slice: () => {
        sliced = true;
        return new Blob();
      },
    };
    await controller.startReplay(huge, 1);
    frame();
    expect(controller.getSnapshot().replay).toEqual({
      kind: 'failed',
      name: 'huge.log',
      message: 'the log is 600 MB; logs up to 256 MB can be replayed',
    });
    expect(sliced).toBe(false);
    expect(engine.pushed).toHaveLength(0);
  });

  it('Stop replay stops feeding', async () => {
    const { controller, engine, frame } = setup();
    const file = logFile('$GPGGA,120000,x\n$GPGGA,120010,x\n');
    await controller.startReplay(file, 1);
    expect(engine.pushed).toHaveLength(1);
    controller.stopReplay();
    await vi.advanceTimersByTimeAsync(20_000);
    frame();
    expect(engine.pushed).toHaveLength(1);
    expect(controller.getSnapshot().replay).toBeNull();
  });
});
