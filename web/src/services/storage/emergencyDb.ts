// The durable emergency store: a second IndexedDB database, `clearway-emergency`, written
// with strict durability (flushed to disk before it answers), so a measurement saved in
// emergency mode survives a browser crash. Used when the main database fails for a reason
// other than a full disk (a corrupt or blocked database, a failed upgrade); it shares the
// origin's quota, so a full disk sends saves to localStorage instead (emergency.ts).
// One store, `records`, keyed [store, id], holding EmergencyEntry values.
import type { StoreName } from './schema';
import type { EmergencyEntry } from './emergencyTypes';

export const EMERGENCY_DB_NAME = 'clearway-emergency';
const STORE = 'records';
const STRICT: IDBTransactionOptions = { durability: 'strict' };

let connection: Promise<IDBDatabase> | null = null;
let dbName = EMERGENCY_DB_NAME;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new DOMException('The request failed', 'UnknownError'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
}

/** Opens (once) the emergency database; rejects when this browser cannot. */
export function openEmergencyDb(name = dbName): Promise<IDBDatabase> {
  if (name !== dbName) {
    void connection?.then((db) => db.close()).catch(() => undefined);
    connection = null;
    dbName = name;
  }
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    let req: IDBOpenDBRequest;
    try {
      req = globalThis.indexedDB.open(dbName, 1);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: ['store', 'id'] });
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      resolve(db);
    };
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error ?? new DOMException('The emergency database did not open', 'UnknownError'));
    };
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

/** Whether the emergency database was opened in this page (reads skip it otherwise). */
export const emergencyDbOpen = () => connection !== null;

export async function durablePut(entry: EmergencyEntry): Promise<void> {
  const db = await openEmergencyDb();
  const tx = db.transaction(STORE, 'readwrite', STRICT);
  tx.objectStore(STORE).put(entry);
  await done(tx);
}

export async function durableGet(store: StoreName, id: string): Promise<EmergencyEntry | null> {
  const db = await openEmergencyDb();
  return ((await request(db.transaction(STORE).objectStore(STORE).get([store, id]))) as EmergencyEntry | undefined) ?? null;
}

/** Every entry, or those of one store. */
export async function durableEntries(store?: StoreName): Promise<EmergencyEntry[]> {
  const db = await openEmergencyDb();
  const range = store ? IDBKeyRange.bound([store], [store, []]) : undefined;
  return (await request(db.transaction(STORE).objectStore(STORE).getAll(range))) as EmergencyEntry[];
}

/** Removes an entry; when `ifSavedAt` is given, only if it was not written again since. */
export async function durableRemove(store: StoreName, id: string, ifSavedAt?: number): Promise<void> {
  const db = await openEmergencyDb();
  const tx = db.transaction(STORE, 'readwrite', STRICT);
  const objects = tx.objectStore(STORE);
  if (ifSavedAt === undefined) objects.delete([store, id]);
  else {
    const current = objects.get([store, id]);
    current.onsuccess = () => {
      if ((current.result as EmergencyEntry | undefined)?.savedAt === ifSavedAt) objects.delete([store, id]);
    };
  }
  await done(tx);
}

export async function durableCount(): Promise<number> {
  const db = await openEmergencyDb();
  return request(db.transaction(STORE).objectStore(STORE).count());
}

/** For tests: forget the connection. */
export function resetEmergencyDbForTests(): void {
  void connection?.then((db) => db.close()).catch(() => undefined);
  connection = null;
  dbName = EMERGENCY_DB_NAME;
}
