// The recorder end to end in memory: a fake GPS source, fake timers, a fake store and a
// fake wake lock. Checks what a surveyor relies on: the fields of each point, a gap after
// the page was hidden, the waiting batch written on hide, the wake lock held while
// recording and asked for again when the page shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleTracePoint } from '../../model';
import { TraceRecorder, type GpsSource, type TraceRecorderDeps } from './recorder';
import type { DistanceM } from './sampler';
import { describeWakeLock, type WakeLockLike, type WakeLockSentinelLike } from './wakeLock';

/** Flat-earth metres, enough for fixes a few metres apart (the sampler's own tests use the core). */
const flatDistance: DistanceM = (a, b) => Math.hypot((b.lat - a.lat) * 111_195, (b.lon - a.lon) * 111_195 * Math.cos((a.lat * Math.PI) / 180));

class FakeGps implements GpsSource {
  private listeners = new Set<() => void>();
  state: ReturnType<GpsSource['latest']> = { source: 'none', latitude: null, longitude: null, fixQuality: 'No Fix', lastUpdate: null, speed: null, course: null };
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  latest = () => this.state;
  /** A serial fix `metres` north of 45°N, arriving now. */
  fix(metres: number) {
    this.state = { source: 'serial', latitude: 45 + metres / 111_195, longitude: -73, fixQuality: 'GPS Fix', lastUpdate: Date.now(), speed: 36, course: 12.5 };
    for (const l of this.listeners) l();
  }
}

class FakeSentinel extends EventTarget implements WakeLockSentinelLike {
  released = false;
  async release() {
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
  override addEventListener(type: 'release', listener: () => void) {
    super.addEventListener(type, listener);
  }
}

function setup() {
  const saved: VehicleTracePoint[][] = [];
  const gps = new FakeGps();
  let visible = true;
  let visibility: ((event: 'visible' | 'hidden' | 'pagehide') => void) | null = null;
  const sentinels: FakeSentinel[] = [];
  const wakeLock: WakeLockLike = {
    request: async () => {
      if (!visible) throw new DOMException('The document is hidden', 'NotAllowedError');
      const s = new FakeSentinel();
      sentinels.push(s);
      return s;
    },
  };
  let ids = 0;
  const deps: TraceRecorderDeps = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    loadDistance: async () => flatDistance,
    newId: () => `t${++ids}`,
    saveBatch: async (points) => {
      saved.push([...points]);
      return { savedIn: 'indexeddb' };
    },
    wakeLock,
    isVisible: () => visible,
    onVisibility: (listener) => {
      visibility = listener;
      return () => (visibility = null);
    },
  };
  const recorder = new TraceRecorder(deps);
  const setVisible = (value: boolean) => {
    visible = value;
    if (!value) for (const s of sentinels) if (!s.released) void s.release(); // the browser drops the lock
    visibility?.(value ? 'visible' : 'hidden');
  };
  return { recorder, gps, saved, sentinels, setVisible, all: () => saved.flat() };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 8, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the trace recorder', () => {
  it('records points with the SPEC §3 fields, for the survey and its planned route', async () => {
    const { recorder, gps, all } = setup();
    await recorder.start({ surveyId: 's1', routeId: 'r9', gps });
    gps.fix(0);
    await vi.advanceTimersByTimeAsync(1_000);
    gps.fix(15);
    await recorder.flush();
    expect(all()).toEqual([
      { id: 't1', surveyId: 's1', routeId: 'r9', timestamp: '2026-11-23T08:00:00.000Z', latitude: 45, longitude: -73, speed: 36, heading: 12.5, gapBefore: true },
      { id: 't2', surveyId: 's1', routeId: 'r9', timestamp: '2026-11-23T08:00:01.000Z', latitude: 45 + 15 / 111_195, longitude: -73, speed: 36, heading: 12.5 },
    ]);
    expect(recorder.getSnapshot()).toMatchObject({ recording: true, recorded: 2, waiting: 0, surveyId: 's1' });
  });

  it('hidden: the waiting points are written at once, and the next point starts a new segment', async () => {
    const { recorder, gps, saved, all, setVisible } = setup();
    await recorder.start({ surveyId: 's1', routeId: null, gps });
    gps.fix(0);
    await vi.advanceTimersByTimeAsync(1_000);
    gps.fix(12);
    expect(saved).toEqual([]);
    setVisible(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    setVisible(true);
    gps.fix(24);
    await recorder.flush();
    expect(all().map((p) => p.gapBefore === true)).toEqual([true, false, true]);
  });

  it('holds the screen wake lock while recording, asks again when the page shows, releases on stop', async () => {
    const { recorder, gps, sentinels, setVisible } = setup();
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen may sleep: the trace is not recording');
    await recorder.start({ surveyId: 's1', routeId: null, gps });
    await vi.advanceTimersByTimeAsync(0);
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen kept on');
    setVisible(false);
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen may sleep: the app is in the background');
    setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen kept on');
    expect(sentinels).toHaveLength(2);
    await recorder.stop();
    expect(sentinels.every((s) => s.released)).toBe(true);
    expect(recorder.getSnapshot()).toMatchObject({ recording: false });
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen may sleep: the trace is not recording');
  });

  it('stop writes what waits and records nothing more; another survey starts its own trace', async () => {
    const { recorder, gps, all } = setup();
    await recorder.start({ surveyId: 's1', routeId: null, gps });
    gps.fix(0);
    await recorder.stop();
    expect(all().map((p) => p.surveyId)).toEqual(['s1']);
    await vi.advanceTimersByTimeAsync(2_000);
    gps.fix(50);
    await recorder.flush();
    expect(all()).toHaveLength(1);
    // The other survey starts from the current fix (2 s old), as a new segment.
    await recorder.start({ surveyId: 's2', routeId: null, gps });
    await vi.advanceTimersByTimeAsync(1_000);
    gps.fix(100);
    await recorder.flush();
    expect(all().map((p) => [p.surveyId, p.gapBefore === true])).toEqual([
      ['s1', true],
      ['s2', true],
      ['s2', false],
    ]);
  });

  it('a browser without a screen wake lock says so', async () => {
    const recorder = new TraceRecorder(setupDepsWithoutWakeLock());
    await recorder.start({ surveyId: 's1', routeId: null, gps: new FakeGps() });
    expect(describeWakeLock(recorder.getSnapshot().wakeLock)).toBe('Screen may sleep: this browser cannot keep the screen on (no Screen Wake Lock)');
  });
});

function setupDepsWithoutWakeLock(): TraceRecorderDeps {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    loadDistance: async () => flatDistance,
    newId: () => 'x',
    saveBatch: async () => ({ savedIn: 'indexeddb' }),
    wakeLock: null,
    isVisible: () => true,
    onVisibility: () => () => undefined,
  };
}
