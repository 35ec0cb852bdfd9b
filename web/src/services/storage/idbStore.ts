// Reads and writes on an open IndexedDB connection, as promises. A write counts as done
// only when its transaction completes; every write transaction asks for strict
// durability (the browser flushes to disk before `complete`).
import { ItemExistsError, StorageError } from './errors';
import type { StoreName, StoredItem } from './schema';

const STRICT: IDBTransactionOptions = { durability: 'strict' };

function writeTransaction(db: IDBDatabase, stores: StoreName | StoreName[]): IDBTransaction {
  return db.transaction(stores, 'readwrite', STRICT);
}

/** Resolves on `complete`; rejects with the error that aborted the transaction. */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    tx.onerror = () => {
      // `abort` follows with the same error; nothing to do here.
    };
  });
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new DOMException('The request failed', 'UnknownError'));
  });
}

export async function idbAdd(db: IDBDatabase, store: StoreName, item: StoredItem): Promise<void> {
  const tx = writeTransaction(db, store);
  tx.objectStore(store).add(item);
  try {
    await transactionDone(tx);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'ConstraintError') throw new ItemExistsError({ cause: error });
    throw error;
  }
}

export async function idbPutMany(db: IDBDatabase, entries: readonly { store: StoreName; item: StoredItem }[]): Promise<void> {
  if (entries.length === 0) return;
  const stores = [...new Set(entries.map((e) => e.store))];
  const tx = writeTransaction(db, stores);
  for (const { store, item } of entries) tx.objectStore(store).put(item);
  await transactionDone(tx);
}

export function idbPut(db: IDBDatabase, store: StoreName, item: StoredItem): Promise<void> {
  return idbPutMany(db, [{ store, item }]);
}

export async function idbDelete(db: IDBDatabase, store: StoreName, id: IDBValidKey): Promise<void> {
  const tx = writeTransaction(db, store);
  tx.objectStore(store).delete(id);
  await transactionDone(tx);
}

export function idbGet(db: IDBDatabase, store: StoreName, id: IDBValidKey): Promise<StoredItem | undefined> {
  return requestResult(db.transaction(store).objectStore(store).get(id)) as Promise<StoredItem | undefined>;
}

export function idbGetAll(db: IDBDatabase, store: StoreName): Promise<StoredItem[]> {
  return requestResult(db.transaction(store).objectStore(store).getAll()) as Promise<StoredItem[]>;
}

export function idbCount(db: IDBDatabase, store: StoreName): Promise<number> {
  return requestResult(db.transaction(store).objectStore(store).count());
}

/** Records of an index in key order, or reversed (`prev`: newest first for by-date). */
export function idbGetByIndex(
  db: IDBDatabase,
  store: StoreName,
  index: string,
  query: IDBValidKey | IDBKeyRange | null,
  direction: 'next' | 'prev',
): Promise<StoredItem[]> {
  return new Promise((resolve, reject) => {
    let source: IDBIndex;
    try {
      source = db.transaction(store).objectStore(store).index(index);
    } catch (cause) {
      reject(new StorageError('invalid', `No index "${index}" on "${store}"`, { cause }));
      return;
    }
    const out: StoredItem[] = [];
    const request = source.openCursor(query, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) {
        resolve(out);
        return;
      }
      out.push(cursor.value as StoredItem);
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}

/** Records whose string id starts with `prefix`, in id order. */
export function idbGetByIdPrefix(db: IDBDatabase, store: StoreName, prefix: string): Promise<StoredItem[]> {
  const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  return requestResult(db.transaction(store).objectStore(store).getAll(range)) as Promise<StoredItem[]>;
}

/** How many records of an index have the key `key`. */
export function idbCountByIndex(db: IDBDatabase, store: StoreName, index: string, key: IDBValidKey): Promise<number> {
  return requestResult(db.transaction(store).objectStore(store).index(index).count(key));
}

/** Deletes every record whose index key is `key`, in one transaction. */
export async function idbDeleteByIndex(db: IDBDatabase, store: StoreName, index: string, key: IDBValidKey): Promise<number> {
  const tx = writeTransaction(db, store);
  const request = tx.objectStore(store).index(index).openKeyCursor(key);
  let deleted = 0;
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    tx.objectStore(store).delete(cursor.primaryKey);
    deleted += 1;
    cursor.continue();
  };
  await transactionDone(tx);
  return deleted;
}

/** Deletes the records whose string id starts with `prefix`. */
export async function idbDeleteByIdPrefix(db: IDBDatabase, store: StoreName, prefix: string): Promise<void> {
  const tx = writeTransaction(db, store);
  tx.objectStore(store).delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
  await transactionDone(tx);
}
