// The route functions against the REAL core: the wasm package built by scripts/build-wasm.sh
// (web/src/core/pkg, --target web), instantiated here from its bytes, and real corpus files
// (the shared corpus: $CLEARWAY_CORPUS, else ../shared/corpus beside the repository).
// It runs in the suite's jsdom environment (whose setup file needs the DOM); files are read
// with Node's fs by path, as jsdom's URL class is not the one fs accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { initSync, simplifyRoute } from './pkg/clearway_wasm.js';
import { importRoute, optimiseRoute, pathLengthKm, RouteError, type RouteStop } from './routes';

// src/ is type-checked as browser code (no Node types), so node:fs is imported by a name
// TypeScript does not resolve, typed with the one function needed.
type ReadFile = (path: string) => Uint8Array;
let readFile: ReadFile;

/** The file system path of a path relative to this test file. */
const beside = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const corpus = (env.CLEARWAY_CORPUS ?? beside('../../../../shared/corpus')).replace(/\/?$/, '/');
const corpusFile = (path: string): Uint8Array => readFile(corpus + path);

/** 2πR/360 with R = 6371 km: the length of one degree of the equator. */
const KM_PER_DEGREE = (2 * Math.PI * 6371) / 360;

beforeAll(async () => {
  const fsModule = 'node:fs';
  ({ readFileSync: readFile } = (await import(/* @vite-ignore */ fsModule)) as { readFileSync: ReadFile });
  initSync({ module: readFile(beside('./pkg/clearway_wasm_bg.wasm')) });
});

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<RouteError> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RouteError);
  return error as RouteError;
}

describe('importRoute', () => {
  it('reads a real GPX track point for point as togeojson does', async () => {
    const name = 'gpx/togeojson/apple_watch_route.gpx';
    const flat = await importRoute(corpusFile(name), 'apple_watch_route.gpx');
    // togeojson's output for the same file: one LineString of [lon, lat, ele].
    const expected = JSON.parse(new TextDecoder().decode(corpusFile(`${name}.expected.geojson`))) as {
      features: { geometry: { type: string; coordinates: number[][] } }[];
    };
    const line = expected.features.find((f) => f.geometry.type === 'LineString');
    if (!line) throw new Error('togeojson has a LineString for this file');
    const positions = line.geometry.coordinates;
    expect(positions.length).toBeGreaterThan(2);
    expect(positions.length).toBeLessThanOrEqual(100); // below the SPEC's thinning
    expect(flat).toBeInstanceOf(Float64Array);
    expect(flat.length).toBe(positions.length * 2);
    positions.forEach(([lon, lat], i) => {
      expect(flat[2 * i]).toBeCloseTo(lat, 9);
      expect(flat[2 * i + 1]).toBeCloseTo(lon, 9);
    });

    // Simplified: fewer points, the same ends, only points of the track.
    const simplified = await importRoute(corpusFile(name), 'apple_watch_route.gpx', { simplifyToleranceM: 10 });
    expect(simplified.length).toBeLessThan(flat.length);
    expect(Array.from(simplified.subarray(0, 2))).toEqual(Array.from(flat.subarray(0, 2)));
    expect(Array.from(simplified.subarray(-2))).toEqual(Array.from(flat.subarray(-2)));
  });

  it('gives the SPEC messages for bad files, with stable codes', async () => {
    const invalid = await rejection(importRoute(corpusFile('geojson/geojsonhint/bad/bad-json.geojson'), 'bad-json.geojson'));
    expect(invalid.code).toBe('invalid-geojson');
    expect(invalid.message).toBe('Invalid GeoJSON file');

    const noRoute = await rejection(
      importRoute(corpusFile('geojson/geojsonhint/good/good-featurecollection-bbox.geojson'), 'x.geojson'),
    );
    expect(noRoute.code).toBe('no-geojson-route');
    expect(noRoute.message).toBe('No valid route found in GeoJSON file');

    // Every point of this file has lat="undefined": no usable point.
    const tooFew = await rejection(importRoute(corpusFile('gpx/togeojson/bad.gpx'), 'bad.gpx'));
    expect(tooFew.code).toBe('gpx-too-few-points');
    expect(tooFew.message).toBe('GPX file must contain at least 2 points');

    const notXml = await rejection(importRoute(new TextEncoder().encode('hello'), 'notes.gpx'));
    expect(notXml.code).toBe('invalid-gpx');
    expect(notXml.message).toBe('Invalid GPX file format');

    const tolerance = await rejection(importRoute(corpusFile('gpx/togeojson/apple_watch_route.gpx'), 'a.gpx', { simplifyToleranceM: -1 }));
    expect(tolerance.code).toBe('invalid-tolerance');
  });
});

describe('simplifyRoute', () => {
  /**
   * Plain Douglas-Peucker, written apart from the core: every point measured against every
   * chord, in metres, in the chord's equirectangular plane around its mid-latitude (the
   * core's definition, crates/core/src/import/simplify/mod.rs). Returns the kept points.
   * Its rounding differs from the core's (metres, hypot): two different points within
   * rounding of a tie, or a distance within rounding of the tolerance, could go either way
   * (repeated points tie alike in both).
   */
  function plainDouglasPeucker(flat: Float64Array, toleranceM: number): number[] {
    const n = flat.length / 2;
    const rad = Math.PI / 180;
    const r = 6_371_000;
    const keep = new Array<boolean>(n).fill(false);
    keep[0] = keep[n - 1] = true;
    const pending: [number, number][] = [[0, n - 1]];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [first, last] = next;
      const [aLat, aLon, bLat, bLon] = [flat[2 * first], flat[2 * first + 1], flat[2 * last], flat[2 * last + 1]];
      const cos = Math.cos(((aLat + bLat) / 2) * rad);
      const plane = (lat: number, lon: number): [number, number] => [r * (lon - aLon) * rad * cos, r * (lat - aLat) * rad];
      const [bx, by] = plane(bLat, bLon);
      const lengthSq = bx * bx + by * by;
      let [far, at] = [0, first];
      for (let i = first + 1; i < last; i++) {
        const [px, py] = plane(flat[2 * i], flat[2 * i + 1]);
        const t = lengthSq > 0 ? Math.min(1, Math.max(0, (px * bx + py * by) / lengthSq)) : 0;
        const d = Math.hypot(px - t * bx, py - t * by);
        if (d > far) [far, at] = [d, i];
      }
      if (far > toleranceM) {
        keep[at] = true;
        if (at > first + 1) pending.push([first, at]);
        if (last > at + 1) pending.push([at, last]);
      }
    }
    const kept: number[] = [];
    keep.forEach((k, i) => k && kept.push(flat[2 * i], flat[2 * i + 1]));
    return kept;
  }

  it('keeps the points a plain Douglas-Peucker keeps, in the wasm build with its SIMD scan and pruning', () => {
    // A 30,000-point drive (xorshift32 wander, ~20 m steps) with runs of repeated points.
    let seed = 2024;
    const random = (): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
    const n = 30_000;
    const drive = new Float64Array(2 * n);
    let [lat, lon, heading] = [47.3, 8.5, 0.4];
    for (let i = 0; i < n; i++) {
      if (i % 97 > 3) {
        heading += (random() - 0.5) * 0.4;
        lat += Math.cos(heading) * 0.00018 * (0.5 + random());
        lon += Math.sin(heading) * 0.00027 * (0.5 + random());
      }
      drive[2 * i] = lat;
      drive[2 * i + 1] = lon;
    }
    // The same drive with unreadable positions, some on the corners of the core's pruning
    // blocks (multiples of 32, 256 and 2048 points): never kept, and hiding no other point.
    const holed = drive.slice();
    for (const i of [6144, 4000, 1600]) holed[2 * i] = NaN;
    for (const i of [2048 * 5, 777]) holed[2 * i + 1] = NaN;
    for (const route of [drive, holed]) {
      for (const toleranceM of [0.5, 5, 40]) {
        const ours = Array.from(simplifyRoute(route, toleranceM));
        const plain = plainDouglasPeucker(route, toleranceM);
        expect(ours.length).toBeLessThan(route.length);
        expect(ours).toEqual(plain);
      }
    }
  });
});

describe('optimiseRoute', () => {
  // Along the equator: origin 0°, destination 20°, waypoints -1°, 2°, -3°, ..., -15°, 16°.
  // The SPEC order (by distance from the origin) zig-zags across the origin: 1° + 3° + ... +
  // 31° = 256°, then 16° → 20°: 260°. Reaching -15° and ending at 20° needs at least
  // 15° + 35° = 50°, which sweeping left then right achieves.
  const stops: RouteStop[] = [{ lat: 0, lon: 0, kind: 'origin' }];
  for (let k = 1; k <= 16; k++) stops.push({ lat: 0, lon: k % 2 ? -k : k, kind: 'waypoint' });
  stops.push({ lat: 0, lon: 20, kind: 'destination' });

  it('orders waypoints by distance from the origin (SPEC) and finds a shorter tour', async () => {
    const spec = await optimiseRoute(stops, 'spec');
    expect(spec.order).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(spec.lengthKm).toBeCloseTo(260 * KM_PER_DEGREE, 6);
    expect(spec.savedKm).toBe(0);

    const shortest = await optimiseRoute(stops, 'shortest');
    expect(shortest.order[0]).toBe(0);
    expect(shortest.order[17]).toBe(17);
    expect([...shortest.order].sort((a, b) => a - b)).toEqual(spec.order);
    expect(shortest.lengthKm).toBeCloseTo(50 * KM_PER_DEGREE, 6);
    expect(shortest.savedKm).toBeCloseTo(210 * KM_PER_DEGREE, 6);
  });

  it('needs an origin and a destination (SPEC message)', async () => {
    const error = await rejection(optimiseRoute(stops.slice(1), 'shortest'));
    expect(error.code).toBe('route-missing-endpoint');
    expect(error.message).toBe('Route must have an origin and destination');
  });
});

describe('pathLengthKm', () => {
  it('measures a path and needs at least 2 positions', async () => {
    expect(await pathLengthKm(new Float64Array([0, 0, 0, 1, 0, 3]))).toBeCloseTo(3 * KM_PER_DEGREE, 9);
    const error = await rejection(pathLengthKm(new Float64Array([45, -73])));
    expect(error.code).toBe('route-too-few-positions');
  });
});
