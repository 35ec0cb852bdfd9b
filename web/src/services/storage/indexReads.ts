// Reads by index (storageService.ts keeps the connection and the save policy): the page a
// view shows, a whole survey in parts, counts; emergency copies waiting in the store's place
// are merged in, so a read never misses what a failed save kept.
import { emergencyEntries, overlay } from './emergency';
import { StorageError } from './errors';
import { idbCountByIndex, idbGetByIndex, idbGetByIndexInParts, idbKeysByIndex } from './idbStore';
import { compareKeys, matchesQuery } from './keys';
import { indexKeyPath, keyOf, type RecordOf, type StoreName } from './schema';
import { getStorageMode, initStorage, withDb } from './storageService';

export interface IndexRead<S extends StoreName = StoreName> {
  /** Reverse index order (SPEC: measurements by-date, newest first). */
  newestFirst?: boolean;
  offset?: number;
  limit?: number;
  /**
   * A forward read of a key range (no offset or limit) in parts of about this many records,
   * asked for together in one transaction (idbGetByIndexInParts): each part is decoded in a
   * task of its own while the browser reads the next, and a page left mid-read leaves the
   * browser one part to finish. A single read of 100,000 measurements decoded them in one
   * 170 ms task, and a reload less than a second later waited behind it.
   */
  chunk?: number;
  /**
   * Called with the records as they come, in order, before the read resolves: each part of
   * a read in parts, or every record at once.
   */
  onPart?: (part: RecordOf<S>[]) => void;
}

/**
 * Records whose index key matches `query` (a key, a key range, or null for all), in index
 * order, reading only the page asked for when no emergency copy of the store is waiting.
 */
export async function getByIndex<S extends StoreName>(
  store: S,
  index: string,
  query: IDBValidKey | IDBKeyRange | null,
  options: IndexRead<S> = {},
): Promise<RecordOf<S>[]> {
  await initStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  const whole = (rows: RecordOf<S>[]) => {
    options.onPart?.(rows);
    return rows;
  };
  if (getStorageMode() === 'failed') return whole([]);
  const direction = options.newestFirst ? 'prev' : 'next';
  const pending = await emergencyEntries(store).catch(() => []);
  if (getStorageMode() === 'indexeddb' && pending.length === 0) {
    const { chunk } = options;
    if (chunk && direction === 'next' && !options.offset && options.limit === undefined && (query === null || query instanceof IDBKeyRange)) {
      return withDb((current) => idbGetByIndexInParts(current, store, index, query, chunk, options.onPart));
    }
    return whole(await withDb((current) => idbGetByIndex(current, store, index, query, direction, options)));
  }
  const stored = getStorageMode() === 'indexeddb' ? await withDb((current) => idbGetByIndex(current, store, index, query, direction)) : [];
  const merged = await overlay(stored, store, (item) => keyOf(item, keyPath) !== undefined && matchesQuery(keyOf(item, keyPath), query));
  const sorted = merged.sort((a, b) => compareKeys(keyOf(a, keyPath), keyOf(b, keyPath)));
  if (options.newestFirst) sorted.reverse();
  const from = options.offset ?? 0;
  return whole(sorted.slice(from, options.limit === undefined ? undefined : from + options.limit));
}

/** How many records of `store` match `query` in `index` (emergency copies included). */
export async function countByIndex(store: StoreName, index: string, query: IDBValidKey | IDBKeyRange): Promise<number> {
  await initStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  if (getStorageMode() === 'failed') return 0;
  const pending = (await emergencyEntries(store).catch(() => [])).filter((entry) => {
    const item = entry.item as Record<string, unknown> | null;
    return item !== null && matchesQuery(keyOf(item, keyPath), query);
  });
  if (getStorageMode() !== 'indexeddb') return pending.filter((entry) => !entry.deleted).length;
  const stored = await withDb((current) => idbCountByIndex(current, store, index, query));
  if (pending.length === 0) return stored;
  // A copy of a record IndexedDB also holds counts once; a tombstone of one hides it.
  const keys = new Set(await withDb((current) => idbKeysByIndex(current, store, index, query)));
  let count = stored;
  for (const entry of pending) {
    if (entry.deleted && keys.has(entry.id)) count -= 1;
    else if (!entry.deleted && !keys.has(entry.id)) count += 1;
  }
  return count;
}
