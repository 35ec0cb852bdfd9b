// The outbox and the sync engine on fake-indexeddb (the real storage code, an in-memory
// IndexedDB that follows the spec) against an in-memory cloud that applies batches the way
// Firestore does (set, merge, delete by id). The real Firestore emulator runs the same engine
// in tests/e2e/sync.spec.ts.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Measurement, Survey } from '../../model';
import type { CloudWrite, DocData } from '../../services/firebase';
import { outbox, stores, subscribeChanges } from '../../services/storage';
import { resetEmergencyDbForTests } from '../../services/storage/emergencyDb';
import { deleteRecords, initStorage, resetStorageForTests, saveRecords } from '../../services/storage/storageService';
import { SyncEngine, type SyncGate } from './engine';
import { phaseMessage } from './SyncStatus';

class MemoryCloud {
  docs = new Map<string, DocData>();
  batches: CloudWrite[][] = [];
  /** Fails the batch with this index (0-based), once, before applying it; or after applying it. */
  failAt: { batch: number; when: 'before' | 'after'; code: string } | null = null;
  async commit(writes: CloudWrite[]): Promise<void> {
    await Promise.resolve();
    const index = this.batches.length;
    this.batches.push(writes);
    const fail = this.failAt?.batch === index ? this.failAt : null;
    if (fail) this.failAt = null;
    if (fail?.when === 'before') throw Object.assign(new Error('injected'), { code: fail.code });
    for (const w of writes) {
      const key = `${w.collection}/${w.id}`;
      if (w.data === null) this.docs.delete(key);
      else this.docs.set(key, w.merge ? { ...(this.docs.get(key) ?? {}), ...w.data } : { ...w.data });
    }
    if (fail?.when === 'after') throw Object.assign(new Error('injected'), { code: fail.code });
  }
  count(collection: string): number {
    return [...this.docs.keys()].filter((k) => k.startsWith(`${collection}/`)).length;
  }
}

const SURVEY = { id: 's1', surveyTitle: 'A12 bridges', name: 'A12 bridges', active: true, createdAt: '2026-06-01T08:00:00Z', cloudUploadStatus: null } as unknown as Survey;
const measurement = (i: number): Measurement =>
  ({ id: `m-${String(i).padStart(5, '0')}`, user_id: 's1', rel: 4 + i / 1000, poiNumber: i, source: 'manual', createdAt: `2026-06-01T08:${String(i % 60).padStart(2, '0')}:00Z` }) as Measurement;

async function saveSurveyWith(count: number): Promise<void> {
  await saveRecords([
    { kind: 'put', store: 'surveys', item: SURVEY },
    ...Array.from({ length: count }, (_, i) => ({ kind: 'put' as const, store: 'measurements' as const, item: measurement(i) })),
  ]);
}

let online = true;
let user: string | null = 'uid-1';
const gate: SyncGate = { online: () => online, userId: () => user, approved: () => Promise.resolve(true) };

function engine(cloud: MemoryCloud, batchSize = 450) {
  return new SyncEngine({ transport: () => Promise.resolve(cloud), gate, batchSize, backoffMs: [60_000] });
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  resetEmergencyDbForTests();
  online = true;
  user = 'uid-1';
  await initStorage({ writeDelayMs: 0 });
});
afterEach(() => {
  resetStorageForTests();
  vi.restoreAllMocks();
});

describe('the outbox', () => {
  it('queues a change in the same transaction as the record, and marks nothing synced by itself', async () => {
    await saveSurveyWith(3);
    expect(await outbox.size()).toBe(4);
    expect(await outbox.progress('s1')).toEqual({ total: 3, pending: 3 });
    expect((await stores.measurements.get('m-00000'))?.cloudUploadStatus).not.toBe('synced');
  });

  it('an edit of a synced record makes it pending again; a deletion is queued as a deletion', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(2);
    await engine(cloud).syncNow();
    expect((await stores.measurements.get('m-00001'))?.cloudUploadStatus).toBe('synced');
    await saveRecords([{ kind: 'put', store: 'measurements', item: { ...measurement(1), cloudUploadStatus: 'synced', note: 'edited' } }]);
    expect((await stores.measurements.get('m-00001'))?.cloudUploadStatus).toBeNull();
    await deleteRecords([{ store: 'measurements', id: 'm-00000' }]);
    expect(await outbox.size()).toBe(2);
    await engine(cloud).syncNow();
    expect(cloud.docs.has('measurements/m-00000')).toBe(false);
    expect(cloud.docs.get('measurements/m-00001')?.note).toBe('edited');
    expect(await outbox.size()).toBe(0);
  });
});

describe('the sync engine', () => {
  it('uploads the survey, then measurements in batches of at most 450, then merges the counts into the survey', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(1000);
    const result = await engine(cloud).syncNow();
    expect(result.phase).toBe('idle');
    expect(cloud.batches.map((b) => b.length)).toEqual([1, 450, 450, 100, 1]);
    expect(cloud.batches[0][0]).toMatchObject({ collection: 'surveys', id: 's1', data: { ownerId: 'uid-1', surveyTitle: 'A12 bridges' } });
    expect(typeof cloud.batches[0][0].data?.lastSyncedAt).toBe('string');
    expect(cloud.count('measurements')).toBe(1000);
    expect(cloud.docs.get('measurements/m-00999')).toMatchObject({ user_id: 's1', rel: 4.999, poiNumber: 999, ownerId: 'uid-1' });
    expect(cloud.batches[4][0]).toMatchObject({ collection: 'surveys', id: 's1', merge: true, data: { measurementsSynced: 1000 } });
    expect(cloud.docs.get('surveys/s1')).toMatchObject({ surveyTitle: 'A12 bridges', measurementsSynced: 1000 });
    expect(await outbox.progress('s1')).toEqual({ total: 1000, pending: 0 });
    const all = await stores.measurements.all('s1');
    expect(all.every((m) => m.cloudUploadStatus === 'synced')).toBe(true);
    expect((await stores.surveys.get('s1'))?.cloudUploadStatus).toBe('synced');
  });

  it('a failed batch leaves its records pending, says why, and the next run resumes without resending what was acknowledged', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(1000);
    cloud.failAt = { batch: 2, when: 'before', code: 'unavailable' };
    const sync = engine(cloud);
    const first = await sync.syncNow();
    expect(first).toEqual({ phase: 'error', uploaded: 451 });
    expect(sync.getState().error).toBe('The cloud could not be reached. The upload will be tried again.');
    expect(sync.getState().retryAt).toBeGreaterThan(Date.now());
    expect(await outbox.progress('s1')).toEqual({ total: 1000, pending: 550 });
    const second = await sync.syncNow();
    sync.stop();
    expect(second.phase).toBe('idle');
    const sent = cloud.batches.slice(3).flat().filter((w) => w.collection === 'measurements');
    expect(sent).toHaveLength(550);
    expect(cloud.count('measurements')).toBe(1000);
    expect(sync.getState().error).toBeNull();
  });

  it('a batch the server applied but whose answer was lost is sent again: same ids, no duplicate', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(500);
    cloud.failAt = { batch: 1, when: 'after', code: 'deadline-exceeded' };
    const sync = engine(cloud);
    expect((await sync.syncNow()).phase).toBe('error');
    expect(await outbox.progress('s1')).toEqual({ total: 500, pending: 500 });
    expect((await sync.syncNow()).phase).toBe('idle');
    sync.stop();
    expect(cloud.count('measurements')).toBe(500);
    expect(await outbox.progress('s1')).toEqual({ total: 500, pending: 0 });
  });

  it('a record edited while its batch is in flight stays pending and goes up again with the edit', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(3);
    const commit = cloud.commit.bind(cloud);
    let edited = false;
    vi.spyOn(cloud, 'commit').mockImplementation(async (writes) => {
      if (!edited && writes.some((w) => w.collection === 'measurements')) {
        edited = true;
        await saveRecords([{ kind: 'put', store: 'measurements', item: { ...measurement(2), note: 'late edit' } }]);
      }
      return commit(writes);
    });
    const sync = engine(cloud);
    await sync.syncNow();
    expect(cloud.docs.get('measurements/m-00002')?.note).toBe('late edit');
    expect(await outbox.size()).toBe(0);
  });

  it('is skipped offline and signed out: nothing is sent and nothing is marked synced', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(5);
    online = false;
    expect(await engine(cloud).syncNow()).toEqual({ phase: 'offline', uploaded: 0 });
    online = true;
    user = null;
    expect(await engine(cloud).syncNow()).toEqual({ phase: 'signed-out', uploaded: 0 });
    expect(cloud.batches).toHaveLength(0);
    expect(await outbox.progress('s1')).toEqual({ total: 5, pending: 5 });
  });

  it('calls the afterMeasurementsSynced hooks with each acknowledged batch; a failing hook undoes nothing', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(460);
    const seen: number[] = [];
    const sync = engine(cloud);
    sync.afterMeasurementsSynced.add((changes) => {
      seen.push(changes.length);
    });
    sync.afterMeasurementsSynced.add(() => {
      throw new Error('media upload failed');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await sync.syncNow()).phase).toBe('idle');
    expect(seen).toEqual([450, 10]);
    expect(await outbox.size()).toBe(0);
  });

  it('an acknowledged batch announces the outbox only: the views of the survey (map, list) are not made to read it again', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(900);
    const heard: string[] = [];
    const stop = subscribeChanges((change) => heard.push(change.store));
    try {
      expect((await engine(cloud).syncNow()).phase).toBe('idle');
    } finally {
      stop();
    }
    expect(heard.filter((store) => store === 'outbox')).toHaveLength(3); // the survey, then 2 batches of 450
    expect(heard.filter((store) => store !== 'outbox')).toEqual([]);
    expect((await stores.measurements.all('s1')).every((m) => m.cloudUploadStatus === 'synced')).toBe(true);
  });

  it('a trace that grows during every commit does not hold the run: it ends, and the counts were merged before the trace', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(3);
    const commit = cloud.commit.bind(cloud);
    let point = 0;
    const newPoint = () => {
      point += 1;
      return { id: `t${point}`, surveyId: 's1', latitude: 51.5, longitude: -0.1, timestamp: new Date(Date.UTC(2026, 5, 1, 8, 0, point)).toISOString() };
    };
    await stores.traces.saveBatch([newPoint()]);
    // One more point recorded while each trace batch is in flight (a slow network, 1 Hz GPS).
    vi.spyOn(cloud, 'commit').mockImplementation(async (writes) => {
      if (writes.some((w) => w.collection === 'trackpoints')) await stores.traces.saveBatch([newPoint()]);
      return commit(writes);
    });
    const result = await engine(cloud).syncNow();
    expect(result.phase).toBe('idle');
    const collections = cloud.batches.map((b) => b[0].collection);
    // The survey, its measurements, their counts, then the trace (one batch and one more look),
    // then the counts again for the survey whose trace went up (it puts them right after a crash).
    expect(collections).toEqual(['surveys', 'measurements', 'surveys', 'trackpoints', 'trackpoints', 'surveys']);
    expect(cloud.docs.get('surveys/s1')).toMatchObject({ measurementsSynced: 3, measurementsTotal: 3 });
    expect(await outbox.size()).toBe(1); // the point recorded during the last batch: the next run's
  });

  it('a failed merge of the counts is sent by the next run, even when that run has nothing else to send', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(3);
    cloud.failAt = { batch: 2, when: 'before', code: 'unavailable' };
    const sync = engine(cloud);
    expect((await sync.syncNow()).phase).toBe('error');
    expect(cloud.docs.get('surveys/s1')?.measurementsSynced).toBeUndefined();
    expect(await outbox.size()).toBe(0);
    expect((await sync.syncNow()).phase).toBe('idle');
    expect(cloud.docs.get('surveys/s1')).toMatchObject({ measurementsSynced: 3, measurementsTotal: 3 });
    sync.stop();
  });

  it('trace points go to trackpoints with surveyId; a route carries its points', async () => {
    const cloud = new MemoryCloud();
    await saveSurveyWith(0);
    await stores.traces.saveBatch([{ id: 't1', surveyId: 's1', latitude: 51.5, longitude: -0.1, timestamp: '2026-06-01T08:00:00Z' }]);
    await stores.routes.save(
      { id: 'r1', surveyId: 's1', name: 'Planned', color: '#3b82f6', points: [], routeGeometry: [] },
      [
        { id: 'p2', routeId: 'r1', position: [51.6, -0.2], type: 'destination', order: 1 },
        { id: 'p1', routeId: 'r1', position: [51.5, -0.1], type: 'origin', order: 0 },
      ],
    );
    await engine(cloud).syncNow();
    expect(cloud.docs.get('trackpoints/t1')).toMatchObject({ surveyId: 's1', latitude: 51.5, ownerId: 'uid-1' });
    expect((cloud.docs.get('routes/r1')?.points as { id: string }[]).map((p) => p.id)).toEqual(['p1', 'p2']);
    await stores.routes.remove('r1');
    await engine(cloud).syncNow();
    expect(cloud.docs.has('routes/r1')).toBe(false);
  });
});

describe('what the workspace says', () => {
  it('never reports a success when nothing was uploaded; says what waits, and offline while a batch hangs', { timeout: 60_000 }, async () => {
    expect(phaseMessage('idle', 0, 0)).toBeNull();
    expect(phaseMessage('idle', 0, 5)).toBe('5 measurements still waiting to upload.');
    expect(phaseMessage('not-approved', 0, 5)).toBe('Your account is not approved yet: nothing was uploaded.');
    const cloud = new MemoryCloud();
    await saveSurveyWith(1);
    let release: () => void = () => undefined;
    vi.spyOn(cloud, 'commit').mockImplementation(() => new Promise<void>((resolve) => (release = resolve)));
    const sync = engine(cloud);
    const run = sync.syncNow();
    await vi.waitFor(() => expect(sync.getState().phase).toBe('syncing'), { timeout: 15_000 });
    sync.wentOffline();
    expect(sync.getState().phase).toBe('offline');
    expect(phaseMessage(sync.getState().phase, 0, 1)).toBe('Offline: the changes will upload when the connection returns.');
    await vi.waitFor(() => expect(cloud.commit).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    release();
    await vi.waitFor(() => expect(cloud.commit).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    release();
    await vi.waitFor(() => expect(cloud.commit).toHaveBeenCalledTimes(3), { timeout: 15_000 });
    release();
    expect((await run).phase).toBe('idle');
  });
});
