// The map's data follows the survey without reading it again: on fake-indexeddb with the
// real local store and its change signal, a save or a trace batch reaches the map's layers
// as a diff of what changed, while the survey's full reads are counted (one per open).
// Also: the routes and their points in one transaction, the trace cut into chunks that
// join, and the markers' clearance status from the real core.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadClearanceCore } from '../../core/clearance';
import { loadCoreFromDisk } from '../../core/coreForTests';
import type { Measurement, Route, RoutePoint, VehicleTracePoint } from '../../model';
import { stores } from '../../services/storage';
import { resetEmergencyDbForTests } from '../../services/storage/emergencyDb';
import { resetStorageForTests, saveRecords } from '../../services/storage/storageService';
import { TRACE_CHUNK, TraceLayer, type LayerEvent, type MarkerFeature, type TraceFeature } from './featureLayer';
import { markerStyler } from './markerStyle';
import { SurveyMapFeed, type FeedState } from './surveyFeed';

beforeAll(loadCoreFromDisk);
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetEmergencyDbForTests();
});
afterEach(() => {
  resetStorageForTests();
  localStorage.clear();
  vi.restoreAllMocks();
});

const plain = () => ({ colour: '#123456', icon: 'circle' });
const at = (k: number) => new Date(Date.UTC(2026, 5, 1, 8, 0, k)).toISOString();
const measurement = (id: string, k: number, fields: Partial<Measurement> = {}) =>
  ({ id, user_id: 's1', source: 'manual', latitude: 43.7 + k / 1000, longitude: 7.4, rel: 5, poiNumber: k, createdAt: at(k), ...fields }) as Measurement;
const tracePoint = (i: number, fields: Partial<VehicleTracePoint> = {}) =>
  ({ id: `t-${String(i).padStart(5, '0')}`, surveyId: 's1', timestamp: at(i), latitude: 43.7, longitude: 7.4 + i / 10000, ...fields }) as VehicleTracePoint;

/** Waits until `check` holds (the store's writes and the signal are asynchronous). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

async function openFeed(): Promise<{ feed: SurveyMapFeed; states: FeedState[]; markers: LayerEvent<MarkerFeature>[]; lines: LayerEvent<TraceFeature>[] }> {
  const states: FeedState[] = [];
  const feed = new SurveyMapFeed('s1', plain, (s) => states.push(s));
  const markers: LayerEvent<MarkerFeature>[] = [];
  const lines: LayerEvent<TraceFeature>[] = [];
  feed.measurements.layer.subscribe((e) => markers.push(e));
  feed.trace.layer.subscribe((e) => lines.push(e));
  feed.start();
  await until(() => states.some((s) => s.ready));
  return { feed, states, markers, lines };
}

describe('the map follows saves without reading the survey again', () => {
  it('reads the survey once on open; a saved measurement arrives as a one-feature diff', async () => {
    await saveRecords(Array.from({ length: 50 }, (_, k) => ({ kind: 'put' as const, store: 'measurements' as const, item: measurement(`m-${k}`, k) })));
    await stores.traces.saveBatch([tracePoint(0), tracePoint(1)]);
    const all = vi.spyOn(stores.measurements, 'all');
    const trace = vi.spyOn(stores.traces, 'ofSurvey');
    const { feed, markers, states } = await openFeed();
    expect(all).toHaveBeenCalledTimes(1);
    expect(trace).toHaveBeenCalledTimes(1);
    expect(feed.measurements.layer.size).toBe(50);

    await stores.measurements.save(measurement('m-new', 60), 'row');
    await until(() => feed.measurements.layer.has('m-new'));
    // An edit of one already drawn: replaced in place.
    await stores.measurements.save(measurement('m-3', 3, { latitude: 44 }), 'row');
    await until(() => markers.length >= 3);
    // Still the one read of the open: the saves came as records.
    expect(all).toHaveBeenCalledTimes(1);
    expect(trace).toHaveBeenCalledTimes(1);
    expect(markers[1]).toEqual({ kind: 'diff', remove: [], add: [expect.objectContaining({ properties: expect.objectContaining({ mid: 'm-new' }) })] });
    expect(markers[2]).toMatchObject({ kind: 'diff', remove: ['m-3'], add: [{ geometry: { coordinates: [7.4, 44] } }] });
    expect(feed.measurements.layer.size).toBe(51);
    expect(states.at(-1)).toMatchObject({ ready: true, unplaced: 0 });
    feed.stop();
  });

  it('a deleted measurement leaves, one without a position is counted, another survey is ignored', async () => {
    await saveRecords([measurement('a', 1), measurement('b', 2)].map((item) => ({ kind: 'put' as const, store: 'measurements' as const, item })));
    const all = vi.spyOn(stores.measurements, 'all');
    const { feed, markers, states } = await openFeed();
    await stores.measurements.remove(measurement('a', 1));
    await until(() => !feed.measurements.layer.has('a'));
    expect(markers.at(-1)).toEqual({ kind: 'diff', remove: ['a'], add: [] });
    await stores.measurements.save(measurement('b', 2, { latitude: undefined }), 'row');
    await until(() => states.at(-1)?.unplaced === 1);
    expect(feed.measurements.layer.size).toBe(0);
    const before = markers.length;
    await stores.measurements.save(measurement('elsewhere', 3, { user_id: 's2' }), 'row');
    await new Promise((r) => setTimeout(r, 30));
    expect(markers.length).toBe(before);
    expect(all).toHaveBeenCalledTimes(1);
    feed.stop();
  });

  it('a trace batch extends the open line only; a gap in it starts a new line', async () => {
    await stores.traces.saveBatch(Array.from({ length: TRACE_CHUNK + 10 }, (_, i) => tracePoint(i)));
    const trace = vi.spyOn(stores.traces, 'ofSurvey');
    const { feed, lines } = await openFeed();
    expect(feed.trace.layer.size).toBe(2);
    const base = TRACE_CHUNK + 10;
    await stores.traces.saveBatch([tracePoint(base), tracePoint(base + 1), tracePoint(base + 2, { gapBefore: true }), tracePoint(base + 3)]);
    await until(() => lines.length >= 2);
    expect(trace).toHaveBeenCalledTimes(1);
    const diff = lines[1];
    if (diff?.kind !== 'diff') throw new Error('expected a diff');
    // The open chunk (11 points + 2) is replaced; the new segment's line is added; the full chunk is not re-sent.
    expect(diff.remove).toEqual(['0:1']);
    expect(diff.add.map((f) => [f.properties.tid, f.geometry.coordinates.length])).toEqual([
      ['0:1', 13],
      ['1:0', 2],
    ]);
    feed.stop();
  });

  it('a change another tab made (no records) reads the survey again', async () => {
    const all = vi.spyOn(stores.measurements, 'all');
    const { feed } = await openFeed();
    const { notifyChange } = await import('../../services/storage/changes');
    notifyChange('measurements');
    await until(() => all.mock.calls.length === 2);
    feed.stop();
  });
});

describe('the trace in chunks', () => {
  it('cuts at gaps, never joins across one, and chunks share their end points', () => {
    const layer = new TraceLayer('s1');
    const n = TRACE_CHUNK * 2 + 500;
    // (Not applied alone: a deletion.)
    expect(layer.change([], ['t-00001'])).toBe(false);
    layer.load(Array.from({ length: n }, (_, i) => tracePoint(i, { gapBefore: i === 3000 })));
    const features = layer.layer.collection().features;
    const bySegment = (s: number) => features.filter((f) => f.properties.segment === s);
    expect(new Set(features.map((f) => f.properties.segment))).toEqual(new Set([0, 1]));
    for (const s of [0, 1]) {
      const chunks = bySegment(s);
      for (let c = 1; c < chunks.length; c += 1) expect(chunks[c]?.geometry.coordinates[0]).toEqual(chunks[c - 1]?.geometry.coordinates.at(-1));
      expect(Math.max(...chunks.map((c) => c.geometry.coordinates.length))).toBeLessThanOrEqual(TRACE_CHUNK);
    }
    // Segment 0 ends at point 2999, segment 1 starts at 3000: no line between them.
    expect(bySegment(0).at(-1)?.geometry.coordinates.at(-1)).toEqual([7.4 + 2999 / 10000, 43.7]);
    expect(bySegment(1)[0]?.geometry.coordinates[0]).toEqual([7.4 + 3000 / 10000, 43.7]);
    // Every point once, plus one shared end point per extra chunk.
    const total = features.reduce((sum, f) => sum + f.geometry.coordinates.length, 0);
    expect(total).toBe(n + (bySegment(0).length - 1) + (bySegment(1).length - 1));
  });

  it('a point older than the last, or a deletion, cannot be applied alone: the feed reads the trace again', async () => {
    await stores.traces.saveBatch([tracePoint(0), tracePoint(2)]);
    const trace = vi.spyOn(stores.traces, 'ofSurvey');
    const { feed } = await openFeed();
    await stores.traces.saveBatch([tracePoint(1)]);
    await until(() => trace.mock.calls.length === 2);
    await until(() => feed.trace.layer.collection().features[0]?.geometry.coordinates.length === 3);
    expect(feed.trace.layer.collection().features[0]?.geometry.coordinates.map((c) => Math.round((c[0] - 7.4) * 10000))).toEqual([0, 1, 2]);
    feed.stop();
  });
});

describe('routes with their points', () => {
  it('reads every route of the survey and its points in one transaction', async () => {
    const route = (id: string, surveyId = 's1') => ({ id, surveyId, name: id, color: '#ff0000', points: [], routeGeometry: [] }) as unknown as Route;
    const point = (id: string, routeId: string): RoutePoint => ({ id, routeId, position: [43.7, 7.4], type: 'origin', order: null });
    await stores.routes.save(route('r1'), [point('p1', 'r1'), point('p2', 'r1')]);
    await stores.routes.save(route('r2'), [point('p3', 'r2')]);
    await stores.routes.save(route('r3', 's2'), [point('p4', 'r3')]);
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const perRoute = vi.spyOn(stores.routes, 'points');
    const list = await stores.routes.withPoints('s1');
    expect(list.map((r) => [r.route.id, r.points.map((p) => p.id).sort()]).sort()).toEqual([
      ['r1', ['p1', 'p2']],
      ['r2', ['p3']],
    ]);
    const onPoints = transaction.mock.calls.filter(([names]) => [names].flat().includes('route-points'));
    expect(onPoints).toHaveLength(1);
    expect(perRoute).not.toHaveBeenCalled();
  });
});

describe('marker status from the core', () => {
  it('rings Pass, Tight and Fail against the load (margin = clearance − height − buffer)', async () => {
    const core = await loadClearanceCore();
    const load = core.normaliseLoadProfile({ heightM: 4, bufferM: 0.15, tightBandM: 0.15 });
    const style = markerStyler([], core, load);
    // 5.00 − 4 − 0.15 = 0.85 (Pass); 4.25 → 0.10 (Tight, within the 0.15 band); 4.10 → −0.05 (Fail).
    expect([5, 4.25, 4.1].map((rel, k) => style(measurement(`m${k}`, k, { rel })).status)).toEqual(['Pass', 'Tight', 'Fail']);
    // The same height with a pole strike among its readings fails (each set of inputs is judged, not just the height).
    const strike = { rel: 5, readings: [{ lane: 'centre', method: 'poleStrike' as const, heightM: 5 }] };
    expect(style(measurement('s', 4, strike)).status).toBe('Fail');
    expect(style(measurement('p', 5, { rel: 5 })).status).toBe('Pass');
    // No load: no status, no ring.
    expect(markerStyler([], core, null)(measurement('x', 1)).status).toBe('');
  });
});
