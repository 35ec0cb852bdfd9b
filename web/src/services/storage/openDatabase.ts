// Opening the IndexedDB database in either layout (docs/local-store.md):
//
// 1. open at SCHEMA_VERSION (4). A new database, or one below 4, upgrades to layout A;
//    a layout-B store found during the upgrade is migrated in the same transaction.
// 2. A database already at 4 (or above) in another layout opens without an upgrade, so
//    it is closed and reopened one version higher to run the same upgrade. A database
//    above 4 (a migrated one) refuses version 4 with a VersionError: it is opened at its
//    own version instead.
// 3. Every connection closes itself when another tab asks for a new version, so no tab
//    ever blocks an upgrade. When an old tab does not (older code), the open gives up
//    after `blockedTimeoutMs` instead of hanging; a late success is handed to `onLateOpen`.
import { StorageError } from './errors';
import {
  COLLECTION_FIELD,
  KEY_PATH,
  SCHEMA_VERSION,
  SINGLE_STORE,
  STORE_NAMES,
  STORES,
  isStoreName,
} from './schema';

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
  if (db.objectStoreNames.contains(SINGLE_STORE)) return false;
  const tx = transaction ?? (STORE_NAMES.every((s) => db.objectStoreNames.contains(s)) ? db.transaction(STORE_NAMES) : null);
  if (!tx) return false;
  return STORE_NAMES.every((name) => {
    const store = tx.objectStore(name);
    return store.keyPath === KEY_PATH && STORES[name].every((index) => store.indexNames.contains(index.name));
  });
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
    for (const index of STORES[name]) {
      if (!store.indexNames.contains(index.name)) store.createIndex(index.name, index.keyPath);
    }
  }
  if (db.objectStoreNames.contains(SINGLE_STORE)) migrateSingleStore(db, tx);
}

/**
 * Layout B → A inside the upgrade transaction: every record of the single store is put
 * into the store its `collection` names, without the tag. The single store is deleted
 * only once every put has succeeded; records it cannot place (unknown collection, no id)
 * keep it alive, so nothing is ever dropped. Any failure aborts the whole transaction
 * and the database stays as it was.
 */
function migrateSingleStore(db: IDBDatabase, tx: IDBTransaction): void {
  const request = tx.objectStore(SINGLE_STORE).getAll();
  request.onsuccess = () => {
    const records = request.result as Record<string, unknown>[];
    let pending = 0;
    let unplaced = 0;
    const finish = () => {
      if (pending === 0 && unplaced === 0) db.deleteObjectStore(SINGLE_STORE);
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
    request.onupgradeneeded = () => {
      upgraded = true;
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

/** Opens the database in layout A, migrating or repairing it first when needed. */
export async function openDatabase(options: OpenOptions): Promise<IDBDatabase> {
  let opened: RawOpen;
  try {
    opened = await openOnce(options, SCHEMA_VERSION);
  } catch (error) {
    if (!(error instanceof StorageError) || !(error.cause instanceof DOMException) || error.cause.name !== 'VersionError') throw error;
    // Already above version 4 (migrated from layout B, or upgraded by a newer tab).
    opened = await openOnce(options, undefined);
  }
  let db = opened.db;
  if (!hasLayoutA(db)) {
    const next = db.version + 1;
    db.close();
    db = (await openOnce(options, next)).db;
    if (!hasLayoutA(db)) {
      db.close();
      throw new StorageError('corrupt', 'The local database has a layout that cannot be used');
    }
  }
  watchVersionChange(db, options.onVersionChange);
  return db;
}
