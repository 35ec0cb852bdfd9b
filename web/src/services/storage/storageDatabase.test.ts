// The IndexedDB paths of the local store, on fake-indexeddb (an in-memory IndexedDB that
// follows the spec): the save policy of SPEC §8 (one retry after 500 ms, then an emergency
// copy), the durable emergency tier, stale copies, tombstones, transient open failures,
// the measurement and its running-CSV row in one transaction, and the reads a 100,000-
// measurement survey needs. Chromium runs the same code in tests/e2e/storage-*.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Measurement, Route, RoutePoint, Survey } from '../../model';
import { emergencyEntries } from './emergency';
import { takeBrowserDataLoss } from './openDatabase';
import { resetEmergencyDbForTests } from './emergencyDb';
import { PARTS_AHEAD, idbGetByIndexInParts } from './idbStore';
import { measurements, csvRows, surveys, autosaves, READ_PART } from './records';
import {
  deleteItem,
  getItem,
  initStorage,
  probe,
  resetStorageForTests,
  saveItem,
  subscribeStorage,
  type StorageEvent,
} from './storageService';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetEmergencyDbForTests();
});
afterEach(() => {
  resetStorageForTests();
  localStorage.clear();
  vi.restoreAllMocks();
});

const m = (id: string, fields: Partial<Measurement> = {}) =>
  ({ id, user_id: 's1', rel: 4.5, poiNumber: 1, createdAt: `2026-06-01T08:00:0${id.length}Z`, ...fields }) as Measurement;
const survey = (id: string, fields: Partial<Survey> = {}) => ({ id, surveyTitle: id, createdAt: '2026-06-01T08:00:00Z', ...fields }) as Survey;

/** Makes the next `times` read-write transactions on the main database fail with `error`. */
function failWrites(times: number, error: () => DOMException) {
  const original = IDBDatabase.prototype.transaction;
  let left = times;
  const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if (args[1] === 'readwrite' && this.name === 'clearway' && left > 0) {
      left -= 1;
      throw error();
    }
    return original.apply(this, args);
  });
  return spy;
}

/** Every record of one store of a database, read directly (not through the storage service). */
function readStore<T>(database: string, store: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(store)) {
        db.close();
        return resolve([]);
      }
      const all = db.transaction(store).objectStore(store).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result as T[]);
      };
      all.onerror = () => reject(all.error);
    };
    request.onerror = () => reject(request.error);
  });
}

/** The durable emergency database's copies. */
const durableCopies = () => readStore<{ store: string; id: string; deleted: boolean }>('clearway-emergency', 'records');
/** The main database's revisions. */
const mainRevisions = () => readStore<{ store: string; id: string; savedAt: number }>('clearway', 'revisions');

describe('saving on IndexedDB (SPEC §8 database errors)', () => {
  it('a measurement and its running-CSV row land together; the CSV reads in measurement order', async () => {
    await initStorage();
    await measurements.save(m('b', { createdAt: '2026-06-01T09:00:00Z' }), 'row b\r\n');
    await measurements.save(m('a', { createdAt: '2026-06-01T08:00:00Z' }), 'row a\r\n');
    expect(await csvRows.of('s1')).toEqual(['row a\r\n', 'row b\r\n']);
    // An edit rewrites its row in place.
    await measurements.save(m('a', { createdAt: '2026-06-01T08:00:00Z', rel: 5 }), 'row a2\r\n');
    expect(await csvRows.of('s1')).toEqual(['row a2\r\n', 'row b\r\n']);
  });

  it('a measurement still being built when the save starts is built during the 50 ms write delay, not after it', async () => {
    await initStorage();
    const events: string[] = [];
    const realSetTimeout = globalThis.setTimeout;
    // The write delay's timer says when it starts and fires; the record is ready only 20 ms in.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === 50) events.push('delay starts');
      return realSetTimeout(() => {
        if (ms === 50) events.push('delay over');
        fn();
      }, ms);
    }) as typeof setTimeout);
    const record = new Promise<Measurement>((resolve) =>
      realSetTimeout(() => {
        events.push('built');
        resolve(m('late'));
      }, 20),
    );
    await measurements.save(record, 'row late\r\n');
    expect(events).toEqual(['delay starts', 'built', 'delay over']);
    expect(await getItem('measurements', 'late')).toMatchObject({ id: 'late' });
  });

  it('a record whose building fails is not saved, and the failure is its own (not a storage error)', async () => {
    await initStorage();
    const failed = Promise.reject(new Error('the core refused the fix'));
    await expect(measurements.save(failed, 'row\r\n')).rejects.toThrow('the core refused the fix');
    expect(await csvRows.of('s1')).toEqual([]);
  });

  it("a measurement's change signal comes after its save resolves, never with it: the acknowledgement never waits for the views", async () => {
    await initStorage();
    const { subscribeChanges } = await import('./changes');
    const heard: string[] = [];
    let stop = () => {};
    // Awaited, not timed: which of a timer and a port message runs first is up to the event
    // loop (a setTimeout(0) here once ran before the signal's task).
    const bothHeard = new Promise<void>((resolve) => {
      stop = subscribeChanges((change) => {
        heard.push(change.store);
        if (heard.length === 2) resolve();
      });
    });
    await measurements.save(m('a'), 'row a\r\n');
    expect(heard).toEqual([]);
    await bothHeard;
    expect(heard.sort()).toEqual(['csv-data', 'measurements']);
    stop();
  });

  it('a row says whether its measurement holds readings or a wire temperature (the CSV export then asks the core)', async () => {
    await initStorage();
    await measurements.save(m('a'), 'row a\r\n');
    expect(await csvRows.withClearance('s1')).toEqual({ rows: ['row a\r\n'], clearanceFree: true, unflagged: false });
    await measurements.save(m('bb', { readings: [{ lane: 'left edge', method: 'laser', heightM: 4.9 }] }), 'row b\r\n');
    expect(await csvRows.withClearance('s1')).toMatchObject({ clearanceFree: false, unflagged: false });
    await measurements.save(m('c', { user_id: 's2', wireTempC: 12 }), 'row c\r\n');
    expect((await csvRows.withClearance('s2')).clearanceFree).toBe(false);
    // A row stored without the flag (written before it was kept) is not known to be free.
    await saveItem('csv-data', { id: 'd', surveyId: 's3', createdAt: '2026-06-01T08:00:00Z', text: 'row d\r\n' });
    expect(await csvRows.withClearance('s3')).toMatchObject({ clearanceFree: false, unflagged: true });
  });

  it('one failed write is retried once, 500 ms later, and lands in IndexedDB', async () => {
    await initStorage();
    const spy = failWrites(1, () => new DOMException('busy', 'UnknownError'));
    const start = performance.now();
    const outcome = await saveItem('surveys', survey('s1'));
    expect(outcome).toEqual({ savedIn: 'indexeddb' });
    expect(performance.now() - start).toBeGreaterThanOrEqual(495);
    expect(spy.mock.calls.filter((call) => call[1] === 'readwrite')).toHaveLength(2);
    expect((await surveys.get('s1'))?.id).toBe('s1');
  });

  it('two failures: a copy in the durable emergency database, and the SPEC message', async () => {
    await initStorage();
    failWrites(2, () => new DOMException('locked', 'UnknownError'));
    const outcome = await measurements.save(m('m1'), 'row\r\n');
    expect(outcome).toEqual({
      savedIn: 'local',
      tier: 'durable',
      message: 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.',
    });
    expect((await durableCopies()).map((c) => `${c.store}/${c.id}`).sort()).toEqual(['csv-data/m1', 'measurements/m1']);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('clearway:local-store:'))).toEqual([]);
    // Reads see it meanwhile, and the next probe moves it into IndexedDB and clears the copy.
    expect((await measurements.get('m1'))?.rel).toBe(4.5);
    await probe();
    expect(await durableCopies()).toEqual([]);
    expect((await measurements.get('m1'))?.rel).toBe(4.5);
  });

  it('a full disk sends the copy to localStorage and warns what is at risk', async () => {
    await initStorage();
    const events: StorageEvent[] = [];
    subscribeStorage((event) => events.push(event));
    failWrites(2, () => new DOMException('full', 'QuotaExceededError'));
    const outcome = await saveItem('surveys', survey('s9'));
    expect(outcome).toMatchObject({ savedIn: 'local', tier: 'local' });
    expect(localStorage.getItem('clearway:local-store:surveys:s9')).not.toBeNull();
    expect(events.map((e) => e.type)).toContain('at-risk');
  });
});

describe('emergency copies never overwrite newer data', () => {
  it('a save to IndexedDB removes the older copy of that record', async () => {
    await initStorage();
    failWrites(2, () => new DOMException('x', 'UnknownError'));
    await saveItem('surveys', survey('s1', { surveyTitle: 'old' }));
    await saveItem('surveys', survey('s1', { surveyTitle: 'new' }));
    expect(localStorage.length + (await durableCopies()).length).toBe(0);
    await probe();
    expect((await surveys.get('s1'))?.surveyTitle).toBe('new');
  });

  it('recovery restores a copy only when it is newer than the stored record', async () => {
    await initStorage();
    await saveItem('surveys', survey('fresh', { surveyTitle: 'stored later' }));
    const now = Date.now();
    // Copies another tab left behind: one older than the stored record, one of a record the store lacks.
    localStorage.setItem('clearway:local-store:surveys:fresh', JSON.stringify({ store: 'surveys', id: 'fresh', item: survey('fresh', { surveyTitle: 'stale copy' }), savedAt: now - 60_000, deleted: false }));
    localStorage.setItem('clearway:local-store:surveys:lost', JSON.stringify({ store: 'surveys', id: 'lost', item: survey('lost'), savedAt: now, deleted: false }));
    const events: StorageEvent[] = [];
    subscribeStorage((event) => events.push(event));
    resetStorageForTests();
    subscribeStorage((event) => events.push(event));
    await initStorage();
    // The copies go back in the background, right after the store opened.
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'recovered', count: 1 }));
    expect((await surveys.get('fresh'))?.surveyTitle).toBe('stored later');
    expect((await surveys.get('lost'))?.id).toBe('lost');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('clearway:local-store:'))).toEqual([]);
  });

  it("a running-CSV row has no revision of its own: its measurement's judges its copies (one put fewer per save)", async () => {
    await initStorage();
    await measurements.save(m('r1'), 'row stored\r\n');
    const [revision, ...others] = await mainRevisions();
    expect([revision?.store, revision?.id, others.length]).toEqual(['measurements', 'r1', 0]);
    const savedAt = revision?.savedAt ?? NaN;
    // Copies another tab left: the row before its measurement's stored save, and a newer row with its measurement.
    const copy = (id: string, text: string, at: number) =>
      localStorage.setItem(`clearway:local-store:csv-data:${id}`, JSON.stringify({ store: 'csv-data', id, item: { id, surveyId: 's1', createdAt: m(id).createdAt, text }, savedAt: at, deleted: false }));
    copy('r1', 'row stale\r\n', savedAt - 60_000);
    copy('r22', 'row lost\r\n', savedAt + 1);
    localStorage.setItem('clearway:local-store:measurements:r22', JSON.stringify({ store: 'measurements', id: 'r22', item: m('r22'), savedAt: savedAt + 1, deleted: false }));
    resetStorageForTests();
    await initStorage();
    await vi.waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('clearway:local-store:'))).toEqual([]));
    expect(await csvRows.of('s1')).toEqual(['row stored\r\n', 'row lost\r\n']);
  });

  it("a new measurement's first write records no revision; its rewrite records one, and an older copy then stays out", async () => {
    await initStorage();
    await measurements.save(m('n1'), 'row first\r\n', { fresh: true });
    expect(await mainRevisions()).toEqual([]);
    expect((await measurements.get('n1'))?.rel).toBe(4.5);
    await measurements.save(m('n1', { rel: 5.25 }), 'row edited\r\n');
    const revisions = await mainRevisions();
    expect(revisions.map((r) => [r.store, r.id])).toEqual([['measurements', 'n1']]);
    const savedAt = revisions[0]?.savedAt ?? NaN;
    // A copy another tab kept before that edit: the edit stays.
    localStorage.setItem('clearway:local-store:measurements:n1', JSON.stringify({ store: 'measurements', id: 'n1', item: m('n1', { rel: 3 }), savedAt: savedAt - 60_000, deleted: false }));
    resetStorageForTests();
    await initStorage();
    await vi.waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('clearway:local-store:'))).toEqual([]));
    expect((await measurements.get('n1'))?.rel).toBe(5.25);
    expect(await csvRows.of('s1')).toEqual(['row edited\r\n']);
  });

  it('a deletion made in emergency mode holds after recovery', async () => {
    await initStorage();
    await saveItem('surveys', survey('gone'));
    resetStorageForTests();
    const open = breakMainDatabase(() => new DOMException('broken', 'InvalidStateError'));
    await expect(initStorage({ probeIntervalMs: 3_600_000 })).resolves.toBe('emergency');
    await deleteItem('surveys', 'gone');
    expect(await getItem('surveys', 'gone')).toBeUndefined();
    expect((await durableCopies()).map((c) => [c.id, c.deleted])).toEqual([['gone', true]]);
    open.mockRestore();
    await expect(probe()).resolves.toBe(true);
    expect(await getItem('surveys', 'gone')).toBeUndefined();
    expect(await durableCopies()).toEqual([]);
  });
});

/** Makes every open of the main database fail with `error` (the emergency database still opens). */
function breakMainDatabase(error: () => DOMException) {
  const factory = globalThis.indexedDB;
  const original = factory.open.bind(factory);
  return vi.spyOn(factory, 'open').mockImplementation((name: string, version?: number) => {
    if (name === 'clearway') throw error();
    return original(name, version);
  });
}

describe('opening', () => {
  it("a transient failure ('Internal error opening backing store') is tried again before emergency mode", async () => {
    const factory = globalThis.indexedDB;
    const original = factory.open.bind(factory);
    let failures = 2;
    const spy = vi.spyOn(factory, 'open').mockImplementation((name: string, version?: number) => {
      if (name === 'clearway' && failures > 0) {
        failures -= 1;
        throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
      }
      return original(name, version);
    });
    await expect(initStorage()).resolves.toBe('indexeddb');
    expect(spy.mock.calls.filter(([name]) => name === 'clearway').length).toBeGreaterThanOrEqual(3);
  });

  it("Chromium's report that it discarded the database (dataLoss 'total' on the upgrade that recreates it) is kept, once, for the startup", async () => {
    const factory = globalThis.indexedDB;
    const original = factory.open.bind(factory);
    // What Chromium adds to that upgrade's event (non-standard), which fake-indexeddb has not.
    vi.spyOn(factory, 'open').mockImplementation((name: string, version?: number) => {
      const request = original(name, version);
      if (name !== 'clearway') return request;
      Object.defineProperty(request, 'onupgradeneeded', {
        get: () => null,
        set: (handler: (event: Event) => void) =>
          request.addEventListener('upgradeneeded', (event) => {
            Object.defineProperties(event, { dataLoss: { value: 'total' }, dataLossMessage: { value: 'Corruption detected: the backing store was deleted' } });
            handler.call(request, event);
          }),
      });
      return request;
    });
    await expect(initStorage()).resolves.toBe('indexeddb');
    expect(takeBrowserDataLoss()).toBe('Corruption detected: the backing store was deleted');
    expect(takeBrowserDataLoss()).toBeNull();
  });

  it('an upgrade without that report (a new database, a version change) is no data loss', async () => {
    await expect(initStorage()).resolves.toBe('indexeddb');
    expect(takeBrowserDataLoss()).toBeNull();
  });

  it('a lasting failure is emergency mode on the durable tier, and the UI is told to reload on recovery', async () => {
    const open = breakMainDatabase(() => new DOMException('broken', 'InvalidStateError'));
    const events: StorageEvent[] = [];
    subscribeStorage((event) => events.push(event));
    await expect(initStorage({ probeIntervalMs: 3_600_000 })).resolves.toBe('emergency');
    expect(events[0]).toMatchObject({ type: 'emergency-mode', tier: 'durable' });
    expect(events.map((e) => e.type)).not.toContain('at-risk');
    expect(await saveItem('surveys', survey('e1'))).toMatchObject({ savedIn: 'local', tier: 'durable' });
    open.mockRestore();
    const { subscribeChanges } = await import('./changes');
    const changes: string[] = [];
    subscribeChanges((change) => changes.push(change.store));
    await probe();
    expect(changes).toContain('*');
    expect(events).toContainEqual({ type: 'recovered', count: 1 });
    expect((await surveys.get('e1'))?.id).toBe('e1');
  });
});

describe('what a 100,000-measurement survey needs: only what is shown is read', () => {
  it('count, a page newest first, and the highest POI number, by index', async () => {
    await initStorage({ writeDelayMs: 0 });
    for (let i = 0; i < 120; i += 1) {
      const at = new Date(Date.UTC(2026, 5, 1, 8, 0, i)).toISOString();
      await measurements.save(m(`m${String(i).padStart(3, '0')}`, { createdAt: at, poiNumber: (i * 7) % 113 }), `row ${i}\r\n`);
    }
    await measurements.save(m('other', { user_id: 's2', poiNumber: 500 }), 'x\r\n');
    expect(await measurements.count('s1')).toBe(120);
    expect((await measurements.page('s1', 0, 3)).map((x) => x.id)).toEqual(['m119', 'm118', 'm117']);
    expect((await measurements.page('s1', 100, 50)).map((x) => x.id)).toEqual(Array.from({ length: 20 }, (_, k) => `m${String(19 - k).padStart(3, '0')}`));
    expect(await measurements.highestPoiNumber('s1')).toBe(112);
    expect(await measurements.highestPoiNumber('none')).toBe(0);
  });
});

describe('a whole survey is read in parts (the map, exports)', () => {
  /** A database of its own with one store and a compound index, filled with `rows` ([survey, time, id]). */
  async function partsDb(rows: readonly [string, string, string][]): Promise<IDBDatabase> {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('parts-test', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('measurements', { keyPath: 'id' }).createIndex('by-survey-date', ['user_id', 'createdAt']);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('measurements', 'readwrite');
    for (const [user_id, createdAt, id] of rows) tx.objectStore('measurements').put({ id, user_id, createdAt });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    return db;
  }
  /** The ids IndexedDB itself gives for one getAll of `query` (the reference). */
  const oneRead = (db: IDBDatabase, query: IDBKeyRange | null) =>
    new Promise<string[]>((resolve) => {
      const request = db.transaction('measurements').objectStore('measurements').index('by-survey-date').getAll(query);
      request.onsuccess = () => resolve((request.result as { id: string }[]).map((r) => r.id));
    });
  /** Reads in parts of `chunk`, counting the getAll requests and their sizes. */
  async function inParts(db: IDBDatabase, query: IDBKeyRange | null, chunk: number) {
    const sizes: number[] = [];
    const original = IDBIndex.prototype.getAll;
    vi.spyOn(IDBIndex.prototype, 'getAll').mockImplementation(function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
      const request = original.apply(this, args);
      request.addEventListener('success', () => sizes.push((request.result as unknown[]).length));
      return request;
    });
    const given: string[][] = [];
    const ids = (await idbGetByIndexInParts(db, 'measurements', 'by-survey-date', query, chunk, (part) => given.push(part.map((r) => r.id)))).map((r) => r.id);
    vi.restoreAllMocks();
    // Each part was handed over as it came: in order, the same records, before the read resolved.
    expect(given.flat()).toEqual(ids);
    expect(given.map((part) => part.length)).toEqual(sizes);
    return { ids, sizes };
  }
  const at = (second: number) => `2026-06-01T08:00:${String(second).padStart(2, '0')}Z`;

  it('distinct keys: parts of exactly `chunk` records, in key order, the other surveys left out', async () => {
    const rows: [string, string, string][] = [];
    for (let i = 0; i < 20; i += 1) rows.push(['s1', at(59 - i), `m${i}`]);
    rows.push(['s0', at(1), 'before'], ['s2', at(1), 'after']);
    const db = await partsDb(rows);
    const survey = IDBKeyRange.bound(['s1'], ['s1', []]);
    const { ids, sizes } = await inParts(db, survey, 4);
    expect(ids).toEqual(await oneRead(db, survey));
    expect(ids).toHaveLength(20);
    expect(sizes).toEqual([4, 4, 4, 4, 4]);
    db.close();
  });

  it('keys shared by more records than a part holds: every record once, in order, whatever the bounds', async () => {
    // Groups of 1, 6, 2, 9 (all at one time), 1 and 5 records.
    const groups = [1, 6, 2, 9, 1, 5];
    const rows: [string, string, string][] = [];
    groups.forEach((size, g) => {
      for (let k = 0; k < size; k += 1) rows.push(['s1', at(10 + g), `g${g}-${k}`]);
    });
    rows.push(['s0', at(1), 'before'], ['s2', at(1), 'after']);
    const db = await partsDb(rows);
    const queries = [
      null,
      IDBKeyRange.bound(['s1'], ['s1', []]),
      IDBKeyRange.bound(['s1', at(11)], ['s1', at(14)]),
      IDBKeyRange.bound(['s1', at(11)], ['s1', at(14)], true, true),
      IDBKeyRange.lowerBound(['s1', at(13)]),
      IDBKeyRange.upperBound(['s1', at(12)], true),
      IDBKeyRange.bound(['s3'], ['s3', []]),
    ];
    for (const query of queries) {
      for (const chunk of [1, 2, 3, 4, 7, 100]) {
        const { ids, sizes } = await inParts(db, query, chunk);
        expect(ids, `${JSON.stringify(query && [query.lower, query.upper])} by ${chunk}`).toEqual(await oneRead(db, query));
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
      }
    }
    // Read 1 at a time, the 9 records of one time are one part.
    expect((await inParts(db, IDBKeyRange.bound(['s1'], ['s1', []]), 1)).sizes).toEqual(groups);
    // A part of no whole number of records is refused, not a read that never ends.
    for (const chunk of [0, 0.5, -3]) await expect(idbGetByIndexInParts(db, 'measurements', 'by-survey-date', null, chunk)).rejects.toThrow(/whole number of records/);
    db.close();
  });

  it('asks for at most PARTS_AHEAD parts at a time, so a page left mid-read leaves the browser only those to finish', async () => {
    const rows: [string, string, string][] = [];
    for (let i = 0; i < 30; i += 1) rows.push(['s1', at(i), `m${String(i).padStart(2, '0')}`]);
    const db = await partsDb(rows);
    let pending = 0;
    let most = 0;
    let asked = 0;
    const original = IDBIndex.prototype.getAll;
    vi.spyOn(IDBIndex.prototype, 'getAll').mockImplementation(function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
      const request = original.apply(this, args);
      asked += 1;
      pending += 1;
      most = Math.max(most, pending);
      request.addEventListener('success', () => (pending -= 1));
      return request;
    });
    const ids = (await idbGetByIndexInParts(db, 'measurements', 'by-survey-date', null, 3)).map((r) => r.id);
    vi.restoreAllMocks();
    expect(ids).toEqual(await oneRead(db, null));
    expect(asked).toBe(10);
    expect(PARTS_AHEAD).toBeGreaterThanOrEqual(2);
    expect(most).toBe(PARTS_AHEAD);
    db.close();
  });

  it("the store's survey read steps through the survey's index READ_PART at a time, and gives its records oldest first", async () => {
    await initStorage({ writeDelayMs: 0 });
    for (const [id, second] of [['late', 30], ['early', 10], ['mid', 20]] as const) await measurements.save(m(id, { createdAt: at(second) }), 'row\r\n');
    await measurements.save(m('other', { user_id: 's2', createdAt: at(15) }), 'row\r\n');
    const steps = vi.spyOn(IDBCursor.prototype, 'advance');
    const given: string[] = [];
    expect((await measurements.all('s1', (part) => given.push(...part.map((x) => x.id)))).map((x) => x.id)).toEqual(['early', 'mid', 'late']);
    expect(steps).toHaveBeenCalledWith(READ_PART);
    expect(given).toEqual(['early', 'mid', 'late']);
  });
});

describe('a write commits as soon as its requests are made (one round trip fewer per save)', () => {
  const outboxRev = async (store: string, id: string) =>
    (await readStore<{ store: string; id: string; rev: string }>('clearway', 'outbox')).find((e) => e.store === store && e.id === id)?.rev;

  it('a measurement and its row: the transaction is told to commit, and everything lands', async () => {
    await initStorage({ writeDelayMs: 0 });
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    await measurements.save(m('fast'), 'row fast\r\n', { fresh: true });
    expect(commit).toHaveBeenCalledTimes(1);
    expect(await getItem('measurements', 'fast')).toMatchObject({ id: 'fast', rel: 4.5 });
    expect(await csvRows.of('s1')).toEqual(['row fast\r\n']);
    expect(await outboxRev('measurements', 'fast')).toBeTruthy();
  });

  it("a route point's write stays open: its route is read, then queued for the cloud in the same transaction", async () => {
    await initStorage();
    const route = { id: 'r1', surveyId: 's1', name: 'North', color: '#0055aa', points: [], routeGeometry: [] } as unknown as Route;
    await saveItem('routes', route);
    const before = await outboxRev('routes', 'r1');
    expect(before).toBeTruthy();
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    await saveItem('route-points', { id: 'p1', routeId: 'r1', latitude: 45.5, longitude: -73.56, type: 'origin', order: 0 } as unknown as RoutePoint);
    expect(commit).not.toHaveBeenCalled();
    const after = await outboxRev('routes', 'r1');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });
});

describe('auto-saves', () => {
  it('never go to emergency storage, and make room by dropping other surveys\' older auto-saves', async () => {
    await initStorage();
    await autosaves.save({ id: 'old-survey', format: 'csv', blob: new Blob(['old']), savedAt: '2026-01-01T00:00:00Z' });
    failWrites(1, () => new DOMException('full', 'QuotaExceededError'));
    await autosaves.save({ id: 's1', format: 'csv', blob: new Blob(['new']), savedAt: '2026-06-01T00:00:00Z' });
    expect(await autosaves.get('old-survey')).toBeUndefined();
    expect((await autosaves.get('s1'))?.savedAt).toBe('2026-06-01T00:00:00Z');
    failWrites(5, () => new DOMException('full', 'QuotaExceededError'));
    await expect(autosaves.save({ id: 's1', format: 'csv', blob: new Blob(['x']), savedAt: '2026-07-01T00:00:00Z' })).rejects.toThrow();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('clearway:local-store'))).toEqual([]);
    expect(await emergencyEntries()).toEqual([]);
  });
});
