// The local store the app uses: IndexedDB when it works, emergency localStorage when it
// does not, and the move back (SPEC §3, §4, §8). One instance per page.
//
// Modes: 'indexeddb' (normal), 'emergency' (IndexedDB corrupt, unavailable or blocked:
// everything is kept in localStorage and IndexedDB is probed again periodically) and
// 'failed' (not even localStorage works). Emergency copies go back to IndexedDB, by id,
// as soon as it opens again; they leave localStorage only after that transaction completed.
import {
  emergencyCount,
  emergencyDelete,
  emergencyEntries,
  emergencyGet,
  emergencyGetAll,
  emergencyPut,
  emergencyRemoveRestored,
  localStorageWorks,
} from './emergencyStore';
import { ItemExistsError, MESSAGES, StorageError } from './errors';
import { notifyChange } from './changes';
import {
  idbAdd,
  idbCountByIndex,
  idbDelete,
  idbDeleteByIdPrefix,
  idbDeleteByIndex,
  idbGet,
  idbGetAll,
  idbGetByIdPrefix,
  idbGetByIndex,
  idbPutMany,
} from './idbStore';
import { openDatabase } from './openDatabase';
import { DB_NAME, indexKeyPath, type StoreName, type StoredItem } from './schema';

export type StorageMode = 'starting' | 'indexeddb' | 'emergency' | 'failed';

/** What the app tells the surveyor about (features/storage turns these into toasts). */
export type StorageEvent =
  /** IndexedDB could not be used; records now live in localStorage. */
  | { type: 'emergency-mode'; reason: string }
  /** Emergency mode with records kept from an earlier visit. */
  | { type: 'emergency-loaded'; count: number }
  /** Emergency mode starting empty. */
  | { type: 'emergency-initialized' }
  /** Emergency copies were written back to IndexedDB. */
  | { type: 'recovered'; count: number }
  /** Neither IndexedDB nor localStorage works. */
  | { type: 'critical'; message: string };

export interface StorageConfig {
  dbName: string;
  /** SPEC §9: a measurement is written after this delay. */
  writeDelayMs: number;
  /** SPEC §9: one retry after this delay. */
  retryDelayMs: number;
  /** How often emergency mode tries IndexedDB again. */
  probeIntervalMs: number;
  /** How long an upgrade waits for other tabs before giving up (never hangs). */
  blockedTimeoutMs: number;
}

export const DEFAULT_CONFIG: StorageConfig = {
  dbName: DB_NAME,
  writeDelayMs: 50,
  retryDelayMs: 500,
  probeIntervalMs: 30_000,
  blockedTimeoutMs: 3_000,
};

/** Where a save ended up. 'local' carries the SPEC §8 message for the surveyor. */
export type SaveOutcome = { savedIn: 'indexeddb' } | { savedIn: 'local'; message: string };

let config: StorageConfig = { ...DEFAULT_CONFIG };
let mode: StorageMode = 'starting';
let db: IDBDatabase | null = null;
let started: Promise<StorageMode> | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing: Promise<boolean> | null = null;
const listeners = new Set<(event: StorageEvent) => void>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function emit(event: StorageEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeStorage(listener: (event: StorageEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getStorageMode(): StorageMode {
  return mode;
}

// ── Connections ──

function open(): Promise<IDBDatabase> {
  return openDatabase({
    name: config.dbName,
    blockedTimeoutMs: config.blockedTimeoutMs,
    onVersionChange: () => {
      // Another tab upgrades: we closed; the next operation reopens at the new version.
      db = null;
    },
    onLateOpen: (late) => {
      // An upgrade we gave up waiting for went through after all: use it now.
      late.close();
      if (mode === 'emergency') void probe();
    },
  });
}

async function connection(): Promise<IDBDatabase> {
  if (db) return db;
  try {
    db = await open();
    return db;
  } catch (error) {
    // Lost the database while in use (reopen after another tab's upgrade failed).
    if (mode === 'indexeddb') enterEmergency(error);
    throw error;
  }
}

/** The emergency copy of a record, if any (never throws). */
function pendingCopy(store: StoreName, id: IDBValidKey): StoredItem | undefined {
  try {
    return emergencyGet(store, id);
  } catch {
    return undefined;
  }
}

/** IndexedDB key order (numbers, then dates, strings, arrays), without needing indexedDB. */
export function compareKeys(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : v instanceof Date ? 1 : typeof v === 'string' ? 2 : Array.isArray(v) ? 4 : 5);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      const c = compareKeys(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  const va = a instanceof Date ? a.getTime() : (a as number | string);
  const vb = b instanceof Date ? b.getTime() : (b as number | string);
  return va < vb ? -1 : va > vb ? 1 : 0;
}

/** Runs `fn` on the connection; reopens once if another tab's upgrade closed it meanwhile. */
async function withDb<T>(fn: (db: IDBDatabase) => Promise<T>): Promise<T> {
  const current = await connection();
  try {
    return await fn(current);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'InvalidStateError') {
      if (db === current) db = null;
      return fn(await connection());
    }
    throw error;
  }
}

function enterEmergency(reason: unknown): void {
  if (mode === 'emergency') return;
  db?.close();
  db = null;
  if (!localStorageWorks()) {
    mode = 'failed';
    emit({ type: 'critical', message: MESSAGES.criticalStorage });
    return;
  }
  mode = 'emergency';
  console.warn('Local store: IndexedDB unusable, using emergency storage:', reason);
  emit({ type: 'emergency-mode', reason: reason instanceof Error ? reason.message : String(reason) });
  const count = emergencyCount();
  emit(count > 0 ? { type: 'emergency-loaded', count } : { type: 'emergency-initialized' });
  scheduleProbe();
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), config.probeIntervalMs);
}

/** Writes emergency copies back to IndexedDB; removes them once the transaction completed. */
async function restoreEmergencyCopies(): Promise<number> {
  const entries = emergencyEntries();
  if (entries.length === 0) return 0;
  await withDb((current) => idbPutMany(current, entries));
  emergencyRemoveRestored(entries);
  emit({ type: 'recovered', count: entries.length });
  return entries.length;
}

/** Tries IndexedDB again (emergency mode, or copies waiting); true when it is in use. */
export function probe(): Promise<boolean> {
  probing ??= (async () => {
    try {
      await connection();
      mode = 'indexeddb';
      clearTimeout(probeTimer);
      await restoreEmergencyCopies();
      return true;
    } catch (error) {
      console.warn('Local store: IndexedDB still unusable:', error);
      if (mode === 'indexeddb' && db === null) enterEmergency(error);
      else scheduleProbe();
      return mode === 'indexeddb';
    } finally {
      probing = null;
    }
  })();
  return probing;
}

/** Opens the local store once per page (later calls share the result). */
export function initStorage(overrides: Partial<StorageConfig> = {}): Promise<StorageMode> {
  started ??= (async () => {
    config = { ...DEFAULT_CONFIG, ...overrides };
    try {
      await connection();
      mode = 'indexeddb';
    } catch (error) {
      mode = 'starting';
      enterEmergency(error);
      return mode;
    }
    try {
      await restoreEmergencyCopies();
    } catch (error) {
      console.warn('Local store: emergency copies not restored yet:', error);
      scheduleProbe();
    }
    return mode;
  })();
  return started;
}

// ── Reads ──

function overlay(items: StoredItem[], store: StoreName, keep: (item: StoredItem) => boolean = () => true): StoredItem[] {
  let pending: StoredItem[];
  try {
    pending = emergencyGetAll(store).filter(keep);
  } catch {
    return items;
  }
  if (pending.length === 0) return items;
  const ids = new Set(pending.map((item) => item.id));
  return [...items.filter((item) => !ids.has(item.id)), ...pending];
}

export async function getItem(store: StoreName, id: IDBValidKey): Promise<StoredItem | undefined> {
  await initStorage();
  const local = mode === 'failed' ? undefined : pendingCopy(store, id);
  if (local || mode !== 'indexeddb') return local;
  return withDb((current) => idbGet(current, store, id));
}

export async function getAllItems(store: StoreName): Promise<StoredItem[]> {
  await initStorage();
  if (mode === 'failed') return [];
  const stored = mode === 'indexeddb' ? await withDb((current) => idbGetAll(current, store)) : [];
  return overlay(stored, store);
}

/**
 * Records whose index key equals `key` (or all, when `key` is null), in index order;
 * `newestFirst` reverses it (SPEC: measurements by-date, newest first).
 */
export async function getByIndex(
  store: StoreName,
  index: string,
  key: IDBValidKey | null,
  options: { newestFirst?: boolean } = {},
): Promise<StoredItem[]> {
  await initStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  if (mode === 'failed') return [];
  const direction = options.newestFirst ? 'prev' : 'next';
  const stored = mode === 'indexeddb' ? await withDb((current) => idbGetByIndex(current, store, index, key, direction)) : [];
  const merged = overlay(stored, store, (item) => item[keyPath] !== undefined && (key === null || compareKeys(item[keyPath], key) === 0));
  if (merged.length === stored.length && merged.every((item, i) => item === stored[i])) return stored;
  const sorted = merged.sort((a, b) => compareKeys(a[keyPath], b[keyPath]));
  return options.newestFirst ? sorted.reverse() : sorted;
}

/** Records whose string id starts with `prefix`, in id order. */
export async function getByIdPrefix(store: StoreName, prefix: string): Promise<StoredItem[]> {
  await initStorage();
  if (mode === 'failed') return [];
  const stored = mode === 'indexeddb' ? await withDb((current) => idbGetByIdPrefix(current, store, prefix)) : [];
  const merged = overlay(stored, store, (item) => String(item.id).startsWith(prefix));
  if (merged.length === stored.length) return stored;
  return merged.sort((a, b) => compareKeys(a.id, b.id));
}

/** How many records of `store` have `key` in `index` (emergency copies included). */
export async function countByIndex(store: StoreName, index: string, key: IDBValidKey): Promise<number> {
  await initStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  if (mode === 'failed') return 0;
  let pending: StoredItem[] = [];
  try {
    pending = emergencyGetAll(store).filter((item) => compareKeys(item[keyPath], key) === 0);
  } catch {
    pending = [];
  }
  if (mode !== 'indexeddb') return pending.length;
  const stored = await withDb((current) => idbCountByIndex(current, store, index, key));
  if (pending.length === 0) return stored;
  // A pending copy of a record IndexedDB also holds counts once.
  const held = await Promise.all(pending.map((item) => withDb((current) => idbGet(current, store, item.id))));
  return stored + held.filter((item) => item === undefined).length;
}

// ── Writes ──

function checkId(item: StoredItem): void {
  if (typeof item.id !== 'string' && typeof item.id !== 'number') {
    throw new StorageError('invalid', 'A stored item needs an id');
  }
}

function requireStorage(): void {
  if (mode === 'failed') throw new StorageError('critical-storage', MESSAGES.criticalStorage);
}

/** Adds a new record; an id already stored fails with 'Item already exists' (SPEC §5). */
export async function addItem(store: StoreName, item: StoredItem): Promise<void> {
  checkId(item);
  await initStorage();
  requireStorage();
  if (mode === 'indexeddb') {
    if (pendingCopy(store, item.id)) throw new ItemExistsError();
    await withDb((current) => idbAdd(current, store, item));
  } else {
    await emergencyPut(store, item, { onlyIfAbsent: true });
  }
  notifyChange(store);
}

/**
 * Saves a record durably (SPEC §8 policy): IndexedDB with strict durability; on failure
 * one retry after `retryDelayMs`; then an emergency copy in localStorage. Resolves only
 * once the record is on disk in one of them. Throws StorageError 'local-write' when the
 * emergency copy fails too.
 */
export async function saveItem(store: StoreName, item: StoredItem): Promise<SaveOutcome> {
  checkId(item);
  await initStorage();
  requireStorage();
  if (mode === 'indexeddb') {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (attempt > 0) await sleep(config.retryDelayMs);
      try {
        await withDb((current) => idbPutMany(current, [{ store, item }]));
        notifyChange(store);
        return { savedIn: 'indexeddb' };
      } catch (error) {
        console.warn(`Local store: saving to "${store}" failed (attempt ${attempt + 1}):`, error);
      }
    }
  }
  await emergencyPut(store, item);
  if (mode === 'indexeddb') scheduleProbe();
  notifyChange(store);
  return { savedIn: 'local', message: MESSAGES.savedLocally };
}

/**
 * Adds or updates a measurement (SPEC §4 "Adding a measurement", §8 database errors):
 * written after the 50 ms delay, resolved only when durable. `savedIn: 'local'` carries
 * 'Database temporarily unavailable. …'; nowhere at all throws 'Critical error: …'.
 */
export async function saveMeasurement(measurement: StoredItem): Promise<SaveOutcome> {
  checkId(measurement);
  await sleep(config.writeDelayMs);
  try {
    return await saveItem('measurements', measurement);
  } catch (cause) {
    throw new StorageError('critical', MESSAGES.criticalSave, { cause });
  }
}

export async function deleteItem(store: StoreName, id: IDBValidKey): Promise<void> {
  await initStorage();
  requireStorage();
  if (mode === 'indexeddb') await withDb((current) => idbDelete(current, store, id));
  emergencyDelete(store, id);
  notifyChange(store);
}

/** Deletes every record of `store` whose `index` key is `key`; returns how many IndexedDB held. */
export async function deleteByIndex(store: StoreName, index: string, key: IDBValidKey): Promise<number> {
  await initStorage();
  requireStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  const deleted = mode === 'indexeddb' ? await withDb((current) => idbDeleteByIndex(current, store, index, key)) : 0;
  for (const item of emergencyGetAll(store)) if (compareKeys(item[keyPath], key) === 0) emergencyDelete(store, item.id);
  notifyChange(store);
  return deleted;
}

/** Deletes the records of `store` whose string id starts with `prefix`. */
export async function deleteByIdPrefix(store: StoreName, prefix: string): Promise<void> {
  await initStorage();
  requireStorage();
  if (mode === 'indexeddb') await withDb((current) => idbDeleteByIdPrefix(current, store, prefix));
  for (const item of emergencyGetAll(store)) if (String(item.id).startsWith(prefix)) emergencyDelete(store, item.id);
  notifyChange(store);
}

/** For tests: forget the page's connection and state (the database itself stays). */
export function resetStorageForTests(): void {
  clearTimeout(probeTimer);
  db?.close();
  db = null;
  mode = 'starting';
  started = null;
  probing = null;
  listeners.clear();
  config = { ...DEFAULT_CONFIG };
}
