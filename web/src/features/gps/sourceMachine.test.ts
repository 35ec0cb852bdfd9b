// SPEC §4 "GPS source", transition by transition, with fake timers and a fake geolocation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeolocationLike } from '../../services/geolocation/geolocation';
import { SourceMachine, type BrowserFix, type BrowserTracking, type GpsSource } from './sourceMachine';

type Success = PositionCallback;
type Failure = PositionErrorCallback;

class FakeGeolocation implements GeolocationLike {
  current: { success: Success; error: Failure; options: PositionOptions }[] = [];
  watches = new Map<number, { success: Success; error: Failure; options: PositionOptions }>();
  cleared: number[] = [];
  private nextId = 0;

  getCurrentPosition(success: Success, error: Failure, options: PositionOptions) {
    this.current.push({ success, error, options });
  }
  watchPosition(success: Success, error: Failure, options: PositionOptions) {
    const id = ++this.nextId;
    this.watches.set(id, { success, error, options });
    return id;
  }
  clearWatch(id: number) {
    this.cleared.push(id);
    this.watches.delete(id);
  }
  /** The one active watch. */
  get watch() {
    const [only, ...more] = this.watches.values();
    if (!only || more.length) throw new Error(`${this.watches.size} watches`);
    return only;
  }
  /** The n-th getCurrentPosition request. */
  request(n = 0) {
    const request = this.current[n];
    if (!request) throw new Error(`no request ${n}`);
    return request;
  }
}

const position = (latitude: number, longitude: number, accuracy: number, extra: Partial<GeolocationCoordinates> = {}) =>
  ({
    timestamp: Date.UTC(2026, 5, 1, 6, 0, 0),
    coords: { latitude, longitude, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null, ...extra },
  }) as GeolocationPosition;

const error = (code: number) => ({ code, message: `code ${code}` }) as GeolocationPositionError;

function setup(failsafeEnabled = true) {
  const geolocation = new FakeGeolocation();
  const sources: GpsSource[] = [];
  const tracking: BrowserTracking[] = [];
  const fixes: BrowserFix[] = [];
  let noFix = 0;
  const machine = new SourceMachine({
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    geolocation,
    failsafeEnabled,
    onSource: (s) => sources.push(s),
    onTracking: (t) => tracking.push(t),
    onBrowserFix: (f) => fixes.push(f),
    onBrowserNoFix: () => (noFix += 1),
  });
  return { machine, geolocation, sources, tracking, fixes, noFix: () => noFix };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 5, 1, 6, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('serial', () => {
  it('none → serial when NMEA data arrives', () => {
    const { machine, sources } = setup(false);
    machine.start();
    expect(machine.source).toBe('none');
    machine.serialData();
    expect(machine.source).toBe('serial');
    expect(sources).toEqual(['serial']);
  });

  it('serial goes stale after 10000 ms without data, found by the 5000 ms check → browser (failsafe on)', () => {
    const { machine, geolocation } = setup(true);
    machine.serialData();
    machine.start(); // fresh serial: the first check does nothing
    expect(geolocation.current).toHaveLength(0);
    vi.advanceTimersByTime(5_000); // 5 s since data
    vi.advanceTimersByTime(5_000); // 10 s: not yet "after 10000 ms"
    expect(machine.source).toBe('serial');
    expect(geolocation.current).toHaveLength(0);
    vi.advanceTimersByTime(5_000); // 15 s: stale
    expect(machine.source).toBe('browser');
    expect(geolocation.current).toHaveLength(1);
  });

  it('a receiver that keeps talking stays fresh: the failsafe never starts while data comes at least every 10000 ms', () => {
    const { machine, geolocation, sources } = setup(true);
    machine.serialData();
    machine.start();
    for (let t = 0; t < 60_000; t += 9_000) {
      vi.advanceTimersByTime(9_000);
      machine.serialData();
    }
    expect(machine.source).toBe('serial');
    expect(geolocation.current).toHaveLength(0);
    expect(sources).toEqual(['serial']);
  });

  it('the check runs every 5000 ms, not more often', () => {
    const { machine, geolocation } = setup(true);
    machine.serialData();
    machine.start();
    vi.advanceTimersByTime(10_001); // stale from here on, but the next check is at 15 s
    expect(geolocation.current).toHaveLength(0);
    vi.advanceTimersByTime(4_998);
    expect(geolocation.current).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(geolocation.current).toHaveLength(1);
  });

  it('with the failsafe off, stale serial stays serial and absent serial stays none', () => {
    const stale = setup(false);
    stale.machine.serialData();
    stale.machine.start();
    vi.advanceTimersByTime(60_000);
    expect(stale.machine.source).toBe('serial');
    expect(stale.machine.serialFresh()).toBe(false);
    expect(stale.geolocation.current).toHaveLength(0);

    const absent = setup(false);
    absent.machine.start();
    vi.advanceTimersByTime(60_000);
    expect(absent.machine.source).toBe('none');
    expect(absent.geolocation.current).toHaveLength(0);
  });

  it('absent serial with the failsafe on → browser at once (the first check runs at start)', () => {
    const { machine, geolocation, sources } = setup(true);
    machine.start();
    expect(machine.source).toBe('browser');
    expect(sources).toEqual(['browser']);
    expect(geolocation.current).toHaveLength(1);
  });

  it('back to serial when serial data returns; browser tracking stops', () => {
    const { machine, geolocation } = setup(true);
    machine.start();
    geolocation.request().success(position(45, -73, 10));
    const watchId = [...geolocation.watches.keys()][0];
    machine.serialData();
    expect(machine.source).toBe('serial');
    expect(geolocation.cleared).toEqual([watchId]);
    expect(geolocation.watches.size).toBe(0);
  });
});

describe('browser', () => {
  it('asks first for a fix (60000 ms timeout, maximum age 0), then watches (120000 ms, 5000 ms, high accuracy)', () => {
    const { machine, geolocation, fixes } = setup(true);
    machine.start();
    expect(geolocation.request().options).toEqual({ timeout: 60_000, maximumAge: 0 });
    expect(geolocation.watches.size).toBe(0);
    geolocation.request().success(position(45.5017, -73.5673, 10));
    expect(geolocation.watch.options).toEqual({ timeout: 120_000, maximumAge: 5_000, enableHighAccuracy: true });
    expect(fixes).toHaveLength(1);
  });

  it('a browser fix: hdop = accuracy / 5, speed in km/h, position and time', () => {
    const { machine, geolocation, fixes } = setup(true);
    machine.start();
    geolocation.request().success(position(45.5017, -73.5673, 10));
    geolocation.watch.success(position(45.6, -73.6, 12.5, { speed: 10, heading: 90, altitude: 35 }));
    expect(fixes[0]).toMatchObject({ latitude: 45.5017, longitude: -73.5673, hdop: 2, speedKmh: null, course: null });
    expect(fixes[1]).toMatchObject({ latitude: 45.6, longitude: -73.6, hdop: 2.5, speedKmh: 36, course: 90, altitude: 35 });
    expect(fixes[1]?.timestamp).toBe(Date.UTC(2026, 5, 1, 6, 0, 0));
  });

  it('stopping browser GPS returns the source to none', () => {
    const { machine, geolocation } = setup(true);
    machine.start();
    geolocation.request().success(position(45, -73, 10));
    machine.stopBrowser();
    expect(machine.source).toBe('none');
    expect(geolocation.watches.size).toBe(0);
  });

  it('switching the failsafe off stops browser GPS (→ none); on again restarts it', () => {
    const { machine, geolocation } = setup(true);
    machine.start();
    geolocation.request().success(position(45, -73, 10));
    machine.setFailsafe(false);
    expect(machine.source).toBe('none');
    expect(geolocation.watches.size).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(geolocation.current).toHaveLength(1);
    machine.setFailsafe(true);
    expect(machine.source).toBe('browser');
    expect(geolocation.current).toHaveLength(2);
  });

  it('3 consecutive watch errors stop tracking (→ none); a success in between resets the count', () => {
    const { machine, geolocation, tracking } = setup(true);
    machine.start();
    geolocation.request().success(position(45, -73, 10));
    const watch = geolocation.watch;
    watch.error(error(3));
    watch.error(error(3));
    watch.success(position(45, -73, 10)); // resets
    watch.error(error(3));
    watch.error(error(2));
    expect(machine.source).toBe('browser');
    expect(machine.tracking).toEqual({ kind: 'watching', errors: 2, lastError: 'unavailable' });
    watch.error(error(3));
    expect(machine.source).toBe('none');
    expect(machine.tracking).toEqual({ kind: 'stopped', reason: 'errors' });
    expect(geolocation.watches.size).toBe(0);
    expect(tracking.at(-1)).toEqual({ kind: 'stopped', reason: 'errors' });
  });

  it('after it stopped, the periodic check does not restart it; switching the failsafe on again does', () => {
    const { machine, geolocation } = setup(true);
    machine.start();
    geolocation.request().error(error(1));
    vi.advanceTimersByTime(30_000);
    expect(geolocation.current).toHaveLength(1);
    machine.setFailsafe(false);
    machine.setFailsafe(true);
    expect(geolocation.current).toHaveLength(2);
  });

  it('denied permission stops tracking, on the first fix or in the watch', () => {
    const first = setup(true);
    first.machine.start();
    first.geolocation.request().error(error(1));
    expect(first.machine.source).toBe('none');
    expect(first.machine.tracking).toEqual({ kind: 'stopped', reason: 'permission-denied' });
    expect(first.geolocation.watches.size).toBe(0);

    const watching = setup(true);
    watching.machine.start();
    watching.geolocation.request().success(position(45, -73, 10));
    watching.geolocation.watch.error(error(1));
    expect(watching.machine.source).toBe('none');
    expect(watching.machine.tracking).toEqual({ kind: 'stopped', reason: 'permission-denied' });
    expect(watching.geolocation.watches.size).toBe(0);
  });

  it('code 3 is a timeout: tracking goes on (it counts as an error); the fix is not changed', () => {
    const { machine, geolocation, noFix } = setup(true);
    machine.start();
    geolocation.request().error(error(3)); // first fix timed out: the watch still starts
    expect(geolocation.watches.size).toBe(1);
    geolocation.watch.error(error(3));
    expect(machine.tracking).toEqual({ kind: 'watching', errors: 1, lastError: 'timeout' });
    expect(noFix()).toBe(0);
  });

  it('code 2 (unavailable) sets the fix to No Fix', () => {
    const { machine, geolocation, noFix } = setup(true);
    machine.start();
    geolocation.request().error(error(2));
    expect(noFix()).toBe(1);
    geolocation.watch.error(error(2));
    expect(noFix()).toBe(2);
    expect(machine.source).toBe('browser');
  });

  it('a late answer to a request made before serial returned is ignored', () => {
    const { machine, geolocation, fixes } = setup(true);
    machine.start();
    machine.serialData();
    geolocation.request().success(position(1, 2, 10));
    expect(fixes).toHaveLength(0);
    expect(geolocation.watches.size).toBe(0);
    expect(machine.source).toBe('serial');
  });

  it('a browser without geolocation: the failsafe reports it and the source stays none', () => {
    const tracking: BrowserTracking[] = [];
    const machine = new SourceMachine({
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      geolocation: null,
      failsafeEnabled: true,
      onSource: () => {},
      onTracking: (t) => tracking.push(t),
      onBrowserFix: () => {},
      onBrowserNoFix: () => {},
    });
    machine.start();
    expect(machine.source).toBe('none');
    expect(tracking).toEqual([{ kind: 'stopped', reason: 'unsupported' }]);
  });
});
