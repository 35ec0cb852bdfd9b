// Opening the IndexedDB database in either layout (docs/local-store.md):
//
// 1. open at DB_VERSION (6). A new database, or one below it (either SPEC version-4
//    layout), upgrades to layout A; a layout-B store found during the upgrade is migrated
//    in the same transaction, and so are the running-CSV and auto-save records of the
//    version-4 layout A (ids made of `surveyId|createdAt|id` and `autosave|surveyId`).
// 2. A database already at DB_VERSION (or above) in another layout opens without an
//    upgrade, so it is closed and reopened one version higher to run the same upgrade. A
//    database above it (a newer build's) refuses DB_VERSION with a VersionError: it is
//    opened at its own version instead.
// 3. Every connection closes itself when another tab asks for a new version, so no tab
//    ever blocks an upgrade. When an old tab does not (older code), the open gives up
//    after `blockedTimeoutMs` instead of hanging; a late success is handed to `onLateOpen`.
// 4. A transient failure (Chromium answers 'Internal error opening backing store' right
//    after a crash: an UnknownError) is tried again, OPEN_RETRIES_MS apart, before it counts.
// 5. Chromium deletes a backing store it judges corrupt and says so once, on the upgrade
//    that recreates the database (`dataLoss: 'total'`): that is remembered for the startup's
//    safety nets (takeBrowserDataLoss), which put back what the local copies hold.
import { StorageError } from './errors';
import { queueExisting } from './outboxQueue';
import {
  COLLECTION_FIELD,
  DB_VERSION,
  KEY_PATH,
  OUTBOX,
  OUTBOX_INDEXES,
  OUTBOX_KEY_PATH,
  REVISIONS,
  REVISIONS_KEY_PATH,
  SINGLE_STORE,
  STORE_NAMES,
  STORES,
  isStoreName,
  type IndexSpec,
} from './schema';

/** Chromium's word that it discarded the database, until the startup takes it. */
let browserDataLoss: string | null = null;

/**
 * Chromium's message when it discarded the local database (a backing store it judged
 * corrupt, as after a crash), once; null when it did not.
 */
export function takeBrowserDataLoss(): string | null {
  const loss = browserDataLoss;
  browserDataLoss = null;
  return loss;
}

/** The waits before each new try of an open that failed with a transient error. */
export const OPEN_RETRIES_MS = [250, 750, 1500];

export interface OpenOptions {
  name: string;
  /** How long an upgrade may wait for other tabs to close their connections. */
  blockedTimeoutMs: number;
  /** Called when another tab upgrades the database; the connection is already closed. */
  onVersionChange: () => void;
  /** A connection whose open outlived `blockedTimeoutMs` and then succeeded. */
  onLateOpen: (db: IDBDatabase) => void;
}

function factory(): IDBFactory {
  let idb: IDBFactory | undefined;
  try {
    idb = globalThis.indexedDB;
  } catch (cause) {
    throw new StorageError('unavailable', 'IndexedDB is not available in this browser', { cause });
  }
  if (!idb) throw new StorageError('unavailable', 'IndexedDB is not available in this browser');
  return idb;
}

/** Whether every store and index of layout A is there and no layout-B store is left. */
export function hasLayoutA(db: IDBDatabase, transaction?: IDBTransaction): boolean {
  if (db.objectStoreNames.contains(SINGLE_STORE) || !db.objectStoreNames.contains(REVISIONS) || !db.objectStoreNames.contains(OUTBOX)) return false;
  const tx = transaction ?? (STORE_NAMES.every((s) => db.objectStoreNames.contains(s)) ? db.transaction(STORE_NAMES) : null);
  if (!tx) return false;
  return STORE_NAMES.every((name) => {
    const store = tx.objectStore(name);
    return store.keyPath === KEY_PATH && STORES[name].every((index) => store.indexNames.contains(index.name));
  });
}

function createIndexes(store: IDBObjectStore, indexes: readonly IndexSpec[]): void {
  for (const index of indexes) {
    if (!store.indexNames.contains(index.name)) store.createIndex(index.name, index.keyPath, { multiEntry: index.multiEntry ?? false });
  }
}

/** Creates what layout A lacks and moves layout-B records over (inside a versionchange). */
export function upgradeToLayoutA(db: IDBDatabase, tx: IDBTransaction): void {
  for (const name of STORE_NAMES) {
    if (db.objectStoreNames.contains(name) && tx.objectStore(name).keyPath !== KEY_PATH) {
      // A store of that name with another key is not ours to rewrite: abort the upgrade
      // (nothing changes on disk) and let the app run on emergency storage.
      throw new StorageError('corrupt', `The local store "${name}" has an unexpected key`);
    }
    const store = db.objectStoreNames.contains(name)
      ? tx.objectStore(name)
      : db.createObjectStore(name, { keyPath: KEY_PATH });
    createIndexes(store, STORES[name]);
  }
  if (!db.objectStoreNames.contains(REVISIONS)) db.createObjectStore(REVISIONS, { keyPath: REVISIONS_KEY_PATH });
  const newOutbox = !db.objectStoreNames.contains(OUTBOX);
  const outbox = newOutbox ? db.createObjectStore(OUTBOX, { keyPath: OUTBOX_KEY_PATH }) : tx.objectStore(OUTBOX);
  createIndexes(outbox, OUTBOX_INDEXES);
  // Records stored before the outbox existed are queued once, after any migration put them in place.
  const thenQueue = () => {
    migrateLegacyRecords(tx);
    if (newOutbox) queueExisting(tx);
  };
  if (db.objectStoreNames.contains(SINGLE_STORE)) migrateSingleStore(db, tx, thenQueue);
  else thenQueue();
}

/**
 * Version-4 layout A kept the running CSV and the auto-saves in `csv-data` under ids made
 * of string conventions: `{surveyId}|` (the header), `{surveyId}|{createdAt}|{measurementId}`
 * (a row) and `autosave|{surveyId}`. They become typed records: a row keyed by its
 * measurement's id, an auto-save in `autosaves` keyed by its survey's id; the header is the
 * core's and is not stored. Runs inside the upgrade transaction: all or nothing.
 */
function migrateLegacyRecords(tx: IDBTransaction): void {
  const csv = tx.objectStore('csv-data');
  const autosaves = tx.objectStore('autosaves');
  const request = csv.openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    const record = cursor.value as Record<string, unknown>;
    const id = cursor.primaryKey;
    if (typeof id === 'string' && id.includes('|')) {
      const parts = id.split('|');
      if (parts[0] === 'autosave' && parts.length === 2 && record.blob instanceof Blob) {
        autosaves.put({ id: parts[1], format: record.format === 'csv' ? 'csv' : 'zip', blob: record.blob, savedAt: String(record.savedAt ?? '') });
        cursor.delete();
      } else if (parts.length === 2 && parts[1] === '') {
        cursor.delete();
      } else if (parts.length >= 3) {
        const measurementId = parts.slice(2).join('|');
        // Version 4 had no lane readings or wire temperatures.
        csv.put({ id: measurementId, surveyId: parts[0], createdAt: parts[1], text: String(record.text ?? ''), clearance: false });
        cursor.delete();
      }
    }
    cursor.continue();
  };
}

/**
 * Layout B → A inside the upgrade transaction: every record of the single store is put
 * into the store its `collection` names, without the tag. The single store is deleted
 * only once every put has succeeded; records it cannot place (unknown collection, no id)
 * keep it alive, so nothing is ever dropped. Any failure aborts the whole transaction
 * and the database stays as it was.
 */
function migrateSingleStore(db: IDBDatabase, tx: IDBTransaction, then: () => void): void {
  const request = tx.objectStore(SINGLE_STORE).getAll();
  request.onsuccess = () => {
    const records = request.result as Record<string, unknown>[];
    let pending = 0;
    let unplaced = 0;
    let done = false;
    const finish = () => {
      if (pending > 0 || done) return;
      done = true;
      if (unplaced === 0) db.deleteObjectStore(SINGLE_STORE);
      then();
    };
    for (const record of records) {
      const collection = record[COLLECTION_FIELD];
      const id = record.id;
      if (!isStoreName(collection) || (typeof id !== 'string' && typeof id !== 'number')) {
        unplaced += 1;
        continue;
      }
      const copy: Record<string, unknown> = { ...record };
      Reflect.deleteProperty(copy, COLLECTION_FIELD);
      pending += 1;
      const put = tx.objectStore(collection).put(copy);
      put.onsuccess = () => {
        pending -= 1;
        finish();
      };
    }
    if (unplaced > 0) {
      console.warn(`Local store: ${unplaced} record(s) of the single store could not be placed; it is kept.`);
    }
    finish();
  };
}

function errorOf(request: IDBRequest | IDBTransaction, fallback: string): StorageError {
  const cause = request.error;
  if (cause?.name === 'VersionError') return new StorageError('unavailable', cause.message, { cause });
  return new StorageError('unavailable', cause?.message || fallback, { cause });
}

interface RawOpen {
  db: IDBDatabase;
  upgraded: boolean;
}

/** One `indexedDB.open`, with the upgrade to layout A and a bounded wait when blocked. */
function openOnce(options: OpenOptions, version: number | undefined): Promise<RawOpen> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = version === undefined ? factory().open(options.name) : factory().open(options.name, version);
    } catch (cause) {
      reject(cause instanceof StorageError ? cause : new StorageError('unavailable', 'IndexedDB refused to open', { cause }));
      return;
    }
    let settled = false;
    let upgraded = false;
    let blockedTimer: ReturnType<typeof setTimeout> | undefined;
    request.onupgradeneeded = (event) => {
      upgraded = true;
      // Chromium's non-standard report of a database it deleted as corrupt.
      const loss = event as IDBVersionChangeEvent & { dataLoss?: string; dataLossMessage?: string };
      if (loss.dataLoss === 'total') {
        browserDataLoss = loss.dataLossMessage || 'the browser reported the local database as lost';
        console.error(`Local store: the browser discarded the database (${browserDataLoss})`);
      }
      const tx = request.transaction;
      if (!tx) return;
      try {
        upgradeToLayoutA(request.result, tx);
      } catch (error) {
        console.error('Local store upgrade failed:', error);
        tx.abort();
      }
    };
    request.onblocked = () => {
      blockedTimer ??= setTimeout(() => {
        settled = true;
        reject(new StorageError('blocked', 'Another Clearway tab is keeping the local database from upgrading'));
      }, options.blockedTimeoutMs);
    };
    request.onsuccess = () => {
      clearTimeout(blockedTimer);
      const db = request.result;
      if (settled) {
        options.onLateOpen(db);
        return;
      }
      settled = true;
      resolve({ db, upgraded });
    };
    request.onerror = (event) => {
      clearTimeout(blockedTimer);
      event.preventDefault();
      if (settled) return;
      settled = true;
      reject(errorOf(request, 'IndexedDB failed to open'));
    };
  });
}

/** Closes the connection when another tab upgrades, so that tab never waits on us. */
export function watchVersionChange(db: IDBDatabase, onVersionChange: () => void): void {
  db.onversionchange = () => {
    db.close();
    onVersionChange();
  };
}

/** Whether an open failed for a reason that may pass (Chromium's backing-store hiccup). */
export function isTransientOpenError(error: unknown): boolean {
  const cause = error instanceof StorageError ? error.cause : error;
  return cause instanceof DOMException && (cause.name === 'UnknownError' || /backing store/i.test(cause.message));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** openOnce, tried again after a transient failure (OPEN_RETRIES_MS). */
async function openRetrying(options: OpenOptions, version: number | undefined): Promise<RawOpen> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openOnce(options, version);
    } catch (error) {
      const wait = OPEN_RETRIES_MS[attempt];
      if (wait === undefined || !isTransientOpenError(error)) throw error;
      console.warn(`Local store: opening failed (${String(error)}); trying again in ${wait} ms`);
      await sleep(wait);
    }
  }
}

/** Opens the database in layout A, migrating or repairing it first when needed. */
export async function openDatabase(options: OpenOptions): Promise<IDBDatabase> {
  let opened: RawOpen;
  try {
    opened = await openRetrying(options, DB_VERSION);
  } catch (error) {
    if (!(error instanceof StorageError) || !(error.cause instanceof DOMException) || error.cause.name !== 'VersionError') throw error;
    // Already above our version (upgraded by a newer build, or repaired one version higher).
    opened = await openRetrying(options, undefined);
  }
  let db = opened.db;
  if (!hasLayoutA(db)) {
    const next = db.version + 1;
    db.close();
    db = (await openRetrying(options, next)).db;
    if (!hasLayoutA(db)) {
      db.close();
      throw new StorageError('corrupt', 'The local database has a layout that cannot be used');
    }
  }
  watchVersionChange(db, options.onVersionChange);
  return db;
}
