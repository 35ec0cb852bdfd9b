// Trace points written in batches (20 points, or 10 s, or when asked), in order, and kept
// when nothing could save them. Fake timers; the save is a fake store that records batches.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleTracePoint } from '../../model';
import type { SaveOutcome } from '../../services/storage';
import { BATCH_MAX_AGE_MS, BATCH_MAX_POINTS, TraceBatcher, type BatchResult } from './batcher';

const point = (i: number): VehicleTracePoint => ({
  id: `p${i}`,
  surveyId: 's1',
  routeId: null,
  timestamp: new Date(Date.UTC(2026, 10, 23, 8, 0, i)).toISOString(),
  latitude: 45 + i * 1e-4,
  longitude: -73,
  speed: 40,
  heading: 0,
});

function setup(save: (points: readonly VehicleTracePoint[]) => Promise<SaveOutcome> = async () => ({ savedIn: 'indexeddb' })) {
  const batches: string[][] = [];
  const results: BatchResult[] = [];
  const batcher = new TraceBatcher({
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    save: async (points) => {
      batches.push(points.map((p) => p.id));
      return save(points);
    },
    onResult: (result) => results.push(result),
  });
  return { batcher, batches, results };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batches', () => {
  it('20 points make a batch at once; fewer wait', async () => {
    const { batcher, batches } = setup();
    for (let i = 0; i < 19; i += 1) batcher.add(point(i));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toEqual([]);
    expect(batcher.waiting).toBe(19);
    batcher.add(point(19));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(BATCH_MAX_POINTS);
    expect(batcher.waiting).toBe(0);
  });

  it('a batch whose first point waited 10 s is written, however small', async () => {
    const { batcher, batches } = setup();
    batcher.add(point(0));
    await vi.advanceTimersByTimeAsync(6_000);
    batcher.add(point(1));
    await vi.advanceTimersByTimeAsync(BATCH_MAX_AGE_MS - 6_000 - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['p0', 'p1']]);
  });

  it('flush writes what waits now (page hidden), and nothing when nothing waits', async () => {
    const { batcher, batches } = setup();
    await batcher.flush();
    batcher.add(point(0));
    batcher.add(point(1));
    await batcher.flush();
    expect(batches).toEqual([['p0', 'p1']]);
    await vi.advanceTimersByTimeAsync(BATCH_MAX_AGE_MS * 2);
    expect(batches).toHaveLength(1);
  });

  it('batches are written one at a time, in order, even when a save is slow', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { batcher } = setup(async (points) => {
      if (points[0]?.id === 'p0') await slow;
      order.push(points.map((p) => p.id).join(','));
      return { savedIn: 'indexeddb' };
    });
    batcher.add(point(0));
    const first = batcher.flush();
    await vi.advanceTimersByTimeAsync(0); // p0's save has started and is slow
    batcher.add(point(1));
    const second = batcher.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['p0', 'p1']);
  });
});

describe('save failures (SPEC §8: trace save failures fall back to local storage)', () => {
  it('a batch kept in emergency storage is reported with where it went', async () => {
    const { batcher, results } = setup(async () => ({ savedIn: 'local', message: 'saved locally', tier: 'local' }));
    batcher.add(point(0));
    await batcher.flush();
    expect(results).toEqual([{ kind: 'saved', points: 1, outcome: { savedIn: 'local', message: 'saved locally', tier: 'local' } }]);
  });

  it('a batch nothing could keep stays queued, is reported, and goes first with the next batch', async () => {
    let fail = true;
    const { batcher, batches, results } = setup(async () => {
      if (fail) throw new Error('Failed to save data to local storage');
      return { savedIn: 'indexeddb' };
    });
    batcher.add(point(0));
    batcher.add(point(1));
    await batcher.flush();
    expect(results).toEqual([{ kind: 'failed', points: 2, message: 'Failed to save data to local storage' }]);
    expect(batcher.waiting).toBe(2);
    fail = false;
    batcher.add(point(2));
    // The retry timer (10 s) fires with everything waiting, oldest first.
    await vi.advanceTimersByTimeAsync(BATCH_MAX_AGE_MS);
    expect(batches.at(-1)).toEqual(['p0', 'p1', 'p2']);
    expect(results.at(-1)).toEqual({ kind: 'saved', points: 3, outcome: { savedIn: 'indexeddb' } });
    expect(batcher.waiting).toBe(0);
  });
});
