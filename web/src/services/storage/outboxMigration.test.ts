// The upgrade to version 6 (the sync outbox) on fake-indexeddb: a database of version 5 and
// both SPEC version-4 layouts still open without loss, and what they held before the outbox
// existed is queued once for the cloud. Fixtures are written with the raw IndexedDB API.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEmergencyDbForTests } from './emergencyDb';
import { outbox } from './outbox';
import { measurements, surveys } from './records';
import { STORES, STORE_NAMES } from './schema';
import { initStorage, resetStorageForTests, saveRecords } from './storageService';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetEmergencyDbForTests();
});
afterEach(() => {
  resetStorageForTests();
});

const SURVEY = { id: 's1', surveyTitle: 'Old survey', createdAt: '2026-01-01T00:00:00Z', active: true };
const M = [1, 2, 3].map((i) => ({ id: `m${i}`, user_id: 's1', rel: 4 + i / 10, poiNumber: i, createdAt: `2026-01-01T00:00:0${i}Z` }));
const SYNCED = { id: 'm9', user_id: 's1', rel: 9, poiNumber: 9, createdAt: '2026-01-01T00:00:09Z', cloudUploadStatus: 'synced' };

function fixture(version: number, build: (db: IDBDatabase, tx: IDBTransaction) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway', version);
    request.onupgradeneeded = () => build(request.result, request.transaction as IDBTransaction);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

/** Version 5 of layout A as the previous build left it: every store and index, no outbox. */
const version5 = () =>
  fixture(5, (db) => {
    for (const name of STORE_NAMES) {
      const store = db.createObjectStore(name, { keyPath: 'id' });
      for (const index of STORES[name]) store.createIndex(index.name, index.keyPath);
    }
    db.createObjectStore('revisions', { keyPath: ['store', 'id'] });
  });

async function putAll(records: { store: string; item: object }[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction([...new Set(records.map((r) => r.store))], 'readwrite');
      for (const r of records) tx.objectStore(r.store).put(r.item);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

async function expectKeptAndQueued(): Promise<void> {
  await initStorage({ writeDelayMs: 0 });
  expect(await surveys.get('s1')).toMatchObject({ surveyTitle: 'Old survey' });
  expect(await measurements.count('s1')).toBe(4);
  // The survey and the three unsynced measurements; the one already synced is not queued.
  expect(await outbox.size()).toBe(4);
  expect(await outbox.progress('s1')).toEqual({ total: 4, pending: 3 });
  await saveRecords([{ kind: 'put', store: 'measurements', item: { id: 'm4', user_id: 's1', source: 'manual' } }]);
  expect(await outbox.progress('s1')).toEqual({ total: 5, pending: 4 });
}

describe('opening older databases with the outbox', () => {
  it('a version-5 database gains the outbox, keeps its records and queues the unsynced ones', async () => {
    await version5();
    await putAll([{ store: 'surveys', item: SURVEY }, ...[...M, SYNCED].map((item) => ({ store: 'measurements', item }))]);
    await expectKeptAndQueued();
  });

  it('a per-purpose (layout A) database of version 4 opens the same way', async () => {
    await fixture(4, (db) => {
      for (const name of ['surveys', 'measurements', 'routes', 'route-points', 'alerts', 'vehicleTraces', 'videoBlobs', 'csv-data', 'appSettings']) {
        db.createObjectStore(name, { keyPath: 'id' });
      }
    });
    await putAll([{ store: 'surveys', item: SURVEY }, ...[...M, SYNCED].map((item) => ({ store: 'measurements', item }))]);
    await expectKeptAndQueued();
  });

  it('a single-store (layout B) database of version 4 migrates, then its records are queued', async () => {
    await fixture(4, (db) => {
      const store = db.createObjectStore('items', { keyPath: ['collection', 'id'] });
      store.createIndex('by-collection', 'collection');
    });
    await putAll([{ store: 'items', item: { ...SURVEY, collection: 'surveys' } }, ...[...M, SYNCED].map((m) => ({ store: 'items', item: { ...m, collection: 'measurements' } }))]);
    await expectKeptAndQueued();
  });
});
