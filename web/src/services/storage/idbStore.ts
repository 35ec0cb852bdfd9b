// Reads and writes on an open IndexedDB connection, as promises. A write counts as done
// only when its transaction completes; every write transaction asks for strict durability
// (the browser flushes to disk before `complete`) and records, in the same transaction,
// the revision of each record it writes (the `revisions` store: when it was saved; not for
// a fresh record's first write, see `revised`), so an emergency copy is put back only when
// it is newer (storageService.ts). Changes to synced
// stores are queued in the sync outbox in the same transaction (outboxQueue.ts).
import { ItemExistsError, StorageError } from './errors';
import { OUTBOX, REVISIONS, type RecordOf, type RevisionRecord, type StoreName } from './schema';
import { queueChanges, queueDeletion, queuesLater, queueStores, storedItem } from './outboxQueue';

const STRICT: IDBTransactionOptions = { durability: 'strict' };

/**
 * A record to put, or an id to delete, in one write. `fromCloud`: the record comes from the
 * cloud (an import) and is stored as it is, not queued for upload. `fresh`: a record just
 * made, under an id never stored before: it gets no revision until it is first written
 * again (see `revised`).
 */
export type WriteOp =
  | { [S in StoreName]: { kind: 'put'; store: S; item: RecordOf<S>; savedAt?: number; fromCloud?: boolean; fresh?: boolean } }[StoreName]
  | { kind: 'delete'; store: StoreName; id: string };

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

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new DOMException('The request failed', 'UnknownError'));
  });
}

/**
 * A running-CSV row is written and deleted only with its measurement (same id): it has no
 * revision of its own, its measurement's stands for it (one put fewer in every save).
 */
const REVISION_OF: Partial<Record<StoreName, StoreName>> = { 'csv-data': 'measurements' };

/**
 * Whether a put records a revision. A fresh record's does not (one put fewer in every new
 * measurement): a revision only keeps an older emergency copy from coming back over the
 * stored record, and a record stored on its first write has no copy to keep out (a copy is
 * kept only when a write of it failed, and then it was not stored). With no revision, any
 * copy counts as newer; the record's first rewrite records one.
 */
const revised = (op: Extract<WriteOp, { kind: 'put' }>): boolean => !op.fresh && !REVISION_OF[op.store];

/** Puts and deletes in one strict transaction, with their revisions. */
export async function idbWrite(db: IDBDatabase, ops: readonly WriteOp[], savedAt = Date.now()): Promise<void> {
  if (ops.length === 0) return;
  const stores = [...new Set(ops.map((op) => op.store))];
  const withRevisions = ops.some((op) => op.kind === 'delete' || revised(op));
  const tx = db.transaction([...new Set([...stores, ...(withRevisions ? [REVISIONS] : []), ...queueStores(ops)])], 'readwrite', STRICT);
  queueChanges(tx, ops, savedAt);
  for (const op of ops) {
    if (op.kind === 'put') {
      tx.objectStore(op.store).put(storedItem(op));
      if (revised(op)) tx.objectStore(REVISIONS).put({ store: op.store, id: op.item.id, savedAt: op.savedAt ?? savedAt } satisfies RevisionRecord);
    } else {
      tx.objectStore(op.store).delete(op.id);
      tx.objectStore(REVISIONS).delete([op.store, op.id]);
    }
  }
  await finish(tx, ops);
}

/**
 * Resolves when the write transaction `tx` of `ops` is durable. Every request is made by
 * then, so it commits now instead of once the page has seen each request succeed (one round
 * trip to the database fewer: about 0.3 ms of a 2 ms save on the survey-scale bench), unless
 * the outbox still reads inside it (route points, `queuesLater`). A browser without
 * `commit()` commits as before.
 */
function finish(tx: IDBTransaction, ops: readonly WriteOp[]): Promise<void> {
  const done = transactionDone(tx);
  if (!queuesLater(ops) && typeof tx.commit === 'function') tx.commit();
  return done;
}

/** Adds a new record; an id already there fails with 'Item already exists'. */
export async function idbAdd<S extends StoreName>(db: IDBDatabase, store: S, item: RecordOf<S>): Promise<void> {
  const tx = db.transaction([store, REVISIONS, OUTBOX], 'readwrite', STRICT);
  const op = { kind: 'put', store, item } as Extract<WriteOp, { kind: 'put' }>;
  tx.objectStore(store).add(storedItem(op));
  queueChanges(tx, [op]);
  if (revised(op)) tx.objectStore(REVISIONS).put({ store, id: item.id, savedAt: Date.now() } satisfies RevisionRecord);
  try {
    await finish(tx, [op]);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'ConstraintError') throw new ItemExistsError({ cause: error });
    throw error;
  }
}

export function idbGet<S extends StoreName>(db: IDBDatabase, store: S, id: string): Promise<RecordOf<S> | undefined> {
  return requestResult(db.transaction(store).objectStore(store).get(id)) as Promise<RecordOf<S> | undefined>;
}

export function idbGetAll<S extends StoreName>(db: IDBDatabase, store: S): Promise<RecordOf<S>[]> {
  return requestResult(db.transaction(store).objectStore(store).getAll()) as Promise<RecordOf<S>[]>;
}

/** The revisions of these records (0 where none is recorded: written before version 5); a row's is its measurement's. */
export async function idbRevisions(db: IDBDatabase, keys: readonly { store: StoreName; id: string }[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const objects = db.transaction(REVISIONS).objectStore(REVISIONS);
  const found = await Promise.all(keys.map(({ store, id }) => requestResult(objects.get([REVISION_OF[store] ?? store, id]) as IDBRequest<RevisionRecord | undefined>)));
  return found.map((revision) => revision?.savedAt ?? 0);
}

function index<S extends StoreName>(db: IDBDatabase, store: S, name: string): IDBIndex {
  try {
    return db.transaction(store).objectStore(store).index(name);
  } catch (cause) {
    throw new StorageError('invalid', `No index "${name}" on "${store}"`, { cause });
  }
}

interface RecordsReader {
  getAllRecords(options: { query?: IDBValidKey | IDBKeyRange | null; count?: number; direction?: IDBCursorDirection }): IDBRequest<{ value: unknown }[]>;
}

/** The records of one bulk request, or null when only a cursor can read them (an offset). */
function bulkRead(source: IDBIndex, query: IDBValidKey | IDBKeyRange | null, direction: 'next' | 'prev', offset: number, limit: number): Promise<unknown[]> | null {
  if (offset > 0) return null;
  const count = limit === Infinity ? undefined : limit;
  if (direction === 'next') return requestResult(source.getAll(query, count));
  if (!('getAllRecords' in source)) return null;
  const request = (source as unknown as RecordsReader).getAllRecords({ query, count, direction: 'prev' });
  return requestResult(request).then((records) => records.map((record) => record.value));
}

/** Cuts `query` (a range, or null for every key) at `cuts` (ascending index keys inside it): each part holds the keys from one cut up to the next. */
function cutRange(query: IDBKeyRange | null, cuts: readonly IDBValidKey[]): (IDBKeyRange | null)[] {
  if (cuts.length === 0) return [query];
  const lower = query?.lower as IDBValidKey | undefined;
  const upper = query?.upper as IDBValidKey | undefined;
  const last = cuts[cuts.length - 1];
  return [
    lower === undefined ? IDBKeyRange.upperBound(cuts[0], true) : IDBKeyRange.bound(lower, cuts[0], query?.lowerOpen, true),
    ...cuts.slice(1).map((cut, i) => IDBKeyRange.bound(cuts[i], cut, false, true)),
    upper === undefined ? IDBKeyRange.lowerBound(last) : IDBKeyRange.bound(last, upper, false, query?.upperOpen),
  ];
}

/** Why an index read failed: the request's own error, or a plain one if it gave none. */
const indexReadError = (request: IDBRequest) => request.error ?? new DOMException('The index could not be read', 'UnknownError');

/** Parts of a read in parts asked for at a time (idbGetByIndexInParts). */
export const PARTS_AHEAD = 2;

/**
 * Every record of `query` in an index, in key order, read in parts of about `chunk` records:
 * a key-only cursor first steps through the index `chunk` at a time to find where to cut,
 * then the parts are asked for PARTS_AHEAD at a time, so the browser reads the next part
 * while the page decodes the one before (each in a task of its own), and `onPart` gets each
 * as it comes. One readonly transaction: one snapshot.
 */
export async function idbGetByIndexInParts<S extends StoreName>(
  db: IDBDatabase,
  store: S,
  indexName: string,
  query: IDBKeyRange | null,
  chunk: number,
  onPart?: (part: RecordOf<S>[]) => void,
): Promise<RecordOf<S>[]> {
  if (!Number.isInteger(chunk) || chunk < 1) throw new StorageError('invalid', `A part holds a whole number of records, not ${chunk}`);
  const source = index(db, store, indexName);
  const cuts: IDBValidKey[] = [];
  await new Promise<void>((resolve, reject) => {
    const request = source.openKeyCursor(query);
    // The key the last part starts at (the first key, then each cut).
    let from: IDBValidKey | null = null;
    request.onsuccess = () => {
      try {
        const cursor = request.result;
        if (!cursor) {
          resolve();
          return;
        }
        // A key shared by more than `chunk` records starts one part, not an empty one.
        if (from === null) from = cursor.key;
        else if (indexedDB.cmp(from, cursor.key) !== 0) {
          cuts.push(cursor.key);
          from = cursor.key;
        }
        cursor.advance(chunk);
      } catch (error) {
        // The transaction aborts with nothing pending: no event would ever settle the read.
        reject(error as Error);
      }
    };
    request.onerror = () => reject(indexReadError(request));
  });
  // At most PARTS_AHEAD parts are asked for at a time: the browser reads the next while the
  // page decodes the one before, and a page left mid-read (a reload) leaves the browser those
  // few to finish, not the whole survey, before the next page's open is served. Each next
  // part is asked for in the success event of an earlier one, while the transaction is
  // active. Parts succeed in the order they were asked for, so `onPart` sees them in key
  // order and the last part's success ends the read.
  const ranges = cutRange(query, cuts);
  const parts: RecordOf<S>[][] = [];
  await new Promise<void>((resolve, reject) => {
    let asked = 0;
    const ask = () => {
      const at = asked;
      asked += 1;
      const request = source.getAll(ranges[at]) as IDBRequest<RecordOf<S>[]>;
      request.onsuccess = () => {
        try {
          parts[at] = request.result;
          if (asked < ranges.length) ask();
          onPart?.(request.result);
        } catch (error) {
          reject(error as Error);
          return;
        }
        if (at === ranges.length - 1) resolve();
      };
      request.onerror = () => reject(indexReadError(request));
    };
    try {
      while (asked < Math.min(PARTS_AHEAD, ranges.length)) ask();
    } catch (error) {
      reject(error as Error);
    }
  });
  const rows: RecordOf<S>[] = [];
  for (const part of parts) for (const row of part) rows.push(row);
  return rows;
}

/**
 * Records of an index in key order (`prev`: reversed), skipping `offset` and reading at most
 * `limit` — only what is asked for is read.
 */
export function idbGetByIndex<S extends StoreName>(
  db: IDBDatabase,
  store: S,
  indexName: string,
  query: IDBValidKey | IDBKeyRange | null,
  direction: 'next' | 'prev',
  page: { offset?: number; limit?: number } = {},
): Promise<RecordOf<S>[]> {
  return new Promise((resolve, reject) => {
    let source: IDBIndex;
    try {
      source = index(db, store, indexName);
    } catch (error) {
      reject(error as Error);
      return;
    }
    const limit = page.limit ?? Infinity;
    // One request instead of a cursor step per record: forward from the start is getAll; a
    // reverse read is getAllRecords where the browser has it (Chromium 141+).
    const bulk = bulkRead(source, query, direction, page.offset ?? 0, limit);
    if (bulk) {
      bulk.then((rows) => resolve(rows as RecordOf<S>[]), reject);
      return;
    }
    const out: RecordOf<S>[] = [];
    let skipped = !page.offset;
    const request = source.openCursor(query, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || out.length >= limit) {
        resolve(out);
        return;
      }
      if (!skipped) {
        skipped = true;
        cursor.advance(page.offset ?? 1);
        return;
      }
      out.push(cursor.value as RecordOf<S>);
      cursor.continue();
    };
    request.onerror = () => reject(request.error ?? new DOMException('The cursor failed', 'UnknownError'));
  });
}

/** How many records of an index match `query`. */
export function idbCountByIndex(db: IDBDatabase, store: StoreName, indexName: string, query: IDBValidKey | IDBKeyRange): Promise<number> {
  return requestResult(index(db, store, indexName).count(query));
}

/** The primary keys of the records of an index that match `query`. */
export function idbKeysByIndex(db: IDBDatabase, store: StoreName, indexName: string, query: IDBValidKey | IDBKeyRange): Promise<string[]> {
  return requestResult(index(db, store, indexName).getAllKeys(query)) as Promise<string[]>;
}

/** Deletes every record whose index key matches `query`, with their revisions, in one transaction. */
export async function idbDeleteByIndex(db: IDBDatabase, store: StoreName, indexName: string, query: IDBValidKey | IDBKeyRange): Promise<string[]> {
  const tx = db.transaction([store, REVISIONS, OUTBOX], 'readwrite', STRICT);
  const request = tx.objectStore(store).index(indexName).openKeyCursor(query);
  const deleted: string[] = [];
  const surveyId = indexName === 'by-survey' && typeof query === 'string' ? query : '';
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    const id = cursor.primaryKey as string;
    tx.objectStore(store).delete(id);
    tx.objectStore(REVISIONS).delete([store, id]);
    queueDeletion(tx, store, id, surveyId);
    deleted.push(id);
    cursor.continue();
  };
  await transactionDone(tx);
  return deleted;
}

/** The first `limit` values of `source` in `direction`, in one request where the browser can. */
export function indexValues<T>(source: IDBIndex, query: IDBValidKey | IDBKeyRange | null, direction: 'next' | 'prev', limit: number): Promise<T[]> {
  const bulk = bulkRead(source, query, direction, 0, limit);
  if (bulk) return bulk as Promise<T[]>;
  return new Promise((resolve, reject) => {
    const out: T[] = [];
    const request = source.openCursor(query, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || out.length >= limit) {
        resolve(out);
        return;
      }
      out.push(cursor.value as T);
      cursor.continue();
    };
    request.onerror = () => reject(request.error ?? new DOMException('The cursor failed', 'UnknownError'));
  });
}
