// The trace sampling rule and its gaps, fed by a fake clock (plain numbers). The app gives
// the sampler the core's haversine (only src/core may load the wasm package); here the
// distance is the haversine formula written out (R = 6371 km, SPEC §9), and the fixes are
// placed by geometry: along a meridian 1e-4° of latitude is 2π·6371 km/360·1e-4 = 11.12 m.
import { describe, expect, it } from 'vitest';
import { GAP_AFTER_MS, TraceSampler, traceFixFrom, type DistanceM, type TraceFix } from './sampler';

const rad = (deg: number) => (deg * Math.PI) / 180;
const distance: DistanceM = (a, b) => {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);
/** 1e-4° of latitude, in metres (R = 6371 km). */
const M_PER_1E4_DEG = ((2 * Math.PI * 6_371_000) / 360) * 1e-4;

/** A fix `metres` north of 45°N 73°W, `ms` after T0. */
const fix = (ms: number, metres: number): TraceFix => ({
  latitude: 45 + (metres / M_PER_1E4_DEG) * 1e-4,
  longitude: -73,
  speed: 40,
  heading: 0,
  at: T0 + ms,
});

/** Offers fixes in order; returns the kept ones as [ms after T0, gapBefore]. */
function run(sampler: TraceSampler, fixes: TraceFix[]): [number, boolean][] {
  return fixes.flatMap((f) => {
    const s = sampler.offer(f);
    return s ? [[s.at - T0, s.gapBefore] as [number, boolean]] : [];
  });
}

describe('the sampling rule: at most one point a second, one each 10 m moved', () => {
  it('the distance agrees with the geometry the tests assume', () => {
    expect(distance({ lat: 45, lon: -73 }, { lat: 45.0001, lon: -73 })).toBeCloseTo(11.12, 2);
  });

  it('records the first fix (starting a segment), then a fix only when 1 s passed and 10 m were covered', () => {
    const sampler = new TraceSampler(distance);
    expect(
      run(sampler, [
        fix(0, 0), // first: kept
        fix(500, 20), // 20 m but only 0.5 s: dropped
        fix(1_000, 9), // 1 s but 9 m: dropped
        fix(1_500, 10.5), // 10.5 m, 1.5 s: kept
        fix(2_000, 21), // 10.5 m further but 0.5 s after the last kept: dropped
        fix(2_500, 21.5), // 1 s after and 11 m from the last kept: kept
      ]),
    ).toEqual([
      [0, true],
      [1_500, false],
      [2_500, false],
    ]);
  });

  it('a vehicle standing still records nothing, and a long stop with a live fix is not a gap', () => {
    const sampler = new TraceSampler(distance);
    const still = Array.from({ length: 60 }, (_, i) => fix(i * 1_000, 0.3 * Math.sin(i)));
    expect(run(sampler, still)).toEqual([[0, true]]);
    expect(run(sampler, [fix(61_000, 15)])).toEqual([[61_000, false]]);
  });

  it('at 100 km/h (27.8 m/s) with 10 Hz fixes, one point a second', () => {
    const sampler = new TraceSampler(distance);
    const fixes = Array.from({ length: 101 }, (_, i) => fix(i * 100, i * 2.78));
    expect(run(sampler, fixes).map(([ms]) => ms)).toEqual(Array.from({ length: 11 }, (_, i) => i * 1_000));
  });

  it('a longer interval (the setting Vehicle trace interval, here 5 s) spaces the points further', () => {
    const sampler = new TraceSampler(distance, 5_000);
    const fixes = Array.from({ length: 13 }, (_, i) => fix(i * 1_000, i * 20));
    expect(run(sampler, fixes).map(([ms]) => ms)).toEqual([0, 5_000, 10_000]);
  });

  it('a fix seen twice (the view re-rendered without a new position) counts once', () => {
    const sampler = new TraceSampler(distance);
    expect(run(sampler, [fix(0, 0), fix(0, 0), fix(1_000, 12), fix(1_000, 12)])).toEqual([
      [0, true],
      [1_000, false],
    ]);
  });
});

describe('gaps', () => {
  it('no fix for more than 10 s: the next fix starts a new segment, however close it is', () => {
    const sampler = new TraceSampler(distance);
    expect(run(sampler, [fix(0, 0), fix(1_000, 12), fix(1_000 + GAP_AFTER_MS + 1, 13), fix(13_000, 30)])).toEqual([
      [0, true],
      [1_000, false],
      [11_001, true],
      [13_000, false],
    ]);
  });

  it('exactly 10 s without a fix is not yet a gap', () => {
    const sampler = new TraceSampler(distance);
    expect(run(sampler, [fix(0, 0), fix(10_000, 50)])).toEqual([
      [0, true],
      [10_000, false],
    ]);
  });

  it('fixes that arrive while standing still keep the trace joined: the gap is about the fix, not the points', () => {
    const sampler = new TraceSampler(distance);
    const fixes = [fix(0, 0), ...Array.from({ length: 30 }, (_, i) => fix((i + 1) * 1_000, 1)), fix(31_000, 20)];
    expect(run(sampler, fixes)).toEqual([
      [0, true],
      [31_000, false],
    ]);
  });

  it('a break (the page was hidden) makes the next fix start a segment', () => {
    const sampler = new TraceSampler(distance);
    run(sampler, [fix(0, 0), fix(1_000, 12)]);
    sampler.breakSegment();
    expect(run(sampler, [fix(2_000, 12.5), fix(3_000, 30)])).toEqual([
      [2_000, true],
      [3_000, false],
    ]);
  });
});

describe('which GPS states give a fix to record', () => {
  const gps = {
    source: 'serial' as const,
    latitude: 45.5,
    longitude: -73.6,
    fixQuality: 'GPS Fix' as const,
    lastUpdate: T0,
    speed: 42,
    course: 90,
  };

  it('a current fix, with its speed and course as the point heading', () => {
    expect(traceFixFrom(gps, T0 + 500)).toEqual({ latitude: 45.5, longitude: -73.6, speed: 42, heading: 90, at: T0 });
  });

  it('none: no source, no position, No Fix, or older than 10 s (stale)', () => {
    expect(traceFixFrom({ ...gps, source: 'none' }, T0)).toBeNull();
    expect(traceFixFrom({ ...gps, latitude: null }, T0)).toBeNull();
    expect(traceFixFrom({ ...gps, fixQuality: 'No Fix' }, T0)).toBeNull();
    expect(traceFixFrom({ ...gps, lastUpdate: null }, T0)).toBeNull();
    expect(traceFixFrom(gps, T0 + 10_001)).toBeNull();
    expect(traceFixFrom(gps, T0 + 10_000)).not.toBeNull();
  });
});
