// The alert transitions, fed GPS states and a fake clock (plain numbers): one alert per
// change, never one per observation; storage events and route fallbacks as alerts.
import { describe, expect, it } from 'vitest';
import { GpsAlertWatcher, routeFallbackAlert, storageAlert, type GpsObservation } from './transitions';

const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);
const IDLE = { kind: 'idle' } as const;
const CONNECTED = { kind: 'connected', baudRate: 4800, recovered: 0 } as const;

/** A serial fix that arrived at `at`. */
const fixAt = (at: number, serial: GpsObservation['serial'] = CONNECTED): GpsObservation => ({
  source: 'serial',
  latitude: 45.5,
  fixQuality: 'GPS Fix',
  lastUpdate: at,
  serial,
});
const NOTHING: GpsObservation = { source: 'none', latitude: null, fixQuality: 'No Fix', lastUpdate: null, serial: IDLE };

/** Feeds [state, now] pairs; returns the kinds and messages raised, in order. */
function feed(watcher: GpsAlertWatcher, steps: [GpsObservation, number][]): string[] {
  return steps.flatMap(([gps, now]) => watcher.observe(gps, now).map((a) => `${a.kind}: ${a.message}`));
}

describe('GPS alerts', () => {
  it('nothing before the first fix: a GPS that never had one has nothing to lose', () => {
    expect(feed(new GpsAlertWatcher(), [[NOTHING, T0], [NOTHING, T0 + 60_000], [fixAt(T0 + 61_000), T0 + 61_000]])).toEqual([]);
  });

  it('the receiver goes quiet: fix stale once past 10 s (not again each second), regained when data returns', () => {
    const watcher = new GpsAlertWatcher();
    const steps: [GpsObservation, number][] = [[fixAt(T0), T0]];
    for (let s = 1; s <= 20; s += 1) steps.push([fixAt(T0), T0 + s * 1_000]);
    steps.push([fixAt(T0 + 21_000), T0 + 21_000]);
    expect(feed(watcher, steps)).toEqual(['fix-stale: GPS fix is stale: no update for 11 s', 'gps-regained: GPS regained (serial)']);
  });

  it('exactly 10 s old is still fresh', () => {
    expect(feed(new GpsAlertWatcher(), [[fixAt(T0), T0], [fixAt(T0), T0 + 10_000]])).toEqual([]);
  });

  it('stale, then no source at all (failsafe on, nothing answers): GPS lost; a browser fix later: regained', () => {
    const watcher = new GpsAlertWatcher();
    const browser: GpsObservation = { source: 'browser', latitude: 45.5, fixQuality: 'GPS Fix', lastUpdate: T0 + 40_000, serial: CONNECTED };
    expect(
      feed(watcher, [
        [fixAt(T0), T0],
        [fixAt(T0), T0 + 11_000],
        [{ ...fixAt(T0), source: 'none' }, T0 + 15_000],
        [{ ...fixAt(T0), source: 'none' }, T0 + 16_000],
        [browser, T0 + 40_000],
      ]),
    ).toEqual(['fix-stale: GPS fix is stale: no update for 11 s', 'gps-lost: GPS lost: no position source', 'gps-regained: GPS regained (browser)']);
  });

  it('the receiver reports No Fix (in a tunnel): GPS lost at once, not stale', () => {
    const watcher = new GpsAlertWatcher();
    expect(
      feed(watcher, [
        [fixAt(T0), T0],
        [{ ...fixAt(T0 + 1_000), fixQuality: 'No Fix' }, T0 + 1_000],
        [{ ...fixAt(T0 + 1_000), fixQuality: 'No Fix' }, T0 + 20_000],
        [fixAt(T0 + 30_000), T0 + 30_000],
      ]),
    ).toEqual(['gps-lost: GPS lost: the receiver reports no fix', 'gps-regained: GPS regained (serial)']);
  });

  it('the serial receiver unplugged: serial disconnected, once', () => {
    const watcher = new GpsAlertWatcher();
    const unplugged = { kind: 'disconnected', message: 'GPS disconnected' } as const;
    expect(
      feed(watcher, [
        [fixAt(T0), T0],
        [fixAt(T0, unplugged), T0 + 500],
        [fixAt(T0, unplugged), T0 + 1_000],
      ]),
    ).toEqual(['serial-disconnected: GPS disconnected']);
  });
});

describe('storage alerts', () => {
  it('emergency mode, a full disk, a critical failure and a recovery are logged; quiet events are not', () => {
    expect(storageAlert({ type: 'emergency-mode', reason: 'UnknownError: backing store', tier: 'durable' })).toEqual({
      kind: 'storage-emergency',
      message: 'Using emergency storage mode (emergency database): UnknownError: backing store',
      fields: { tier: 'durable' },
    });
    expect(storageAlert({ type: 'at-risk' })?.kind).toBe('storage-emergency');
    expect(storageAlert({ type: 'critical', message: 'Critical storage error. Please clear your browser data and try again.' })?.message).toBe(
      'Critical storage error. Please clear your browser data and try again.',
    );
    expect(storageAlert({ type: 'recovered', count: 3 })?.message).toBe('Emergency data recovered: 3 records written back to the database');
    expect(storageAlert({ type: 'emergency-initialized' })).toBeNull();
    expect(storageAlert({ type: 'emergency-loaded', count: 2 })).toBeNull();
  });
});

describe('route calculation fallback', () => {
  it('none when the first service asked answered', () => {
    expect(routeFallbackAlert({ source: 'directions', fallbacks: [] })).toBeNull();
    expect(routeFallbackAlert({ source: 'osrm', fallbacks: [] })).toBeNull();
  });

  it('names what failed and what answered, and keeps the failures as fields', () => {
    const alert = routeFallbackAlert({
      source: 'straight-lines',
      fallbacks: [
        { source: 'directions', code: 'timeout', message: 'no answer in 15 s' },
        { source: 'osrm', code: 'http', message: 'HTTP 502' },
      ],
    });
    expect(alert).toEqual({
      kind: 'route-fallback',
      message: 'Route calculated with straight lines (the directions service: no answer in 15 s; OSRM: HTTP 502)',
      fields: {
        source: 'straight-lines',
        fallbacks: [
          { source: 'directions', code: 'timeout', message: 'no answer in 15 s' },
          { source: 'osrm', code: 'http', message: 'HTTP 502' },
        ],
      },
    });
  });

  it('straight lines with nothing asked (offline) is a fallback too', () => {
    expect(routeFallbackAlert({ source: 'straight-lines', fallbacks: [] })?.message).toBe('Route calculated with straight lines (no routing service could be asked)');
  });
});
