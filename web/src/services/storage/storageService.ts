// The local store the app uses: IndexedDB when it works, emergency storage when it does not,
// and the move back (SPEC §3, §4, §8; docs/local-store.md). One instance per page.
//
// Modes: 'indexeddb' (normal), 'emergency' (the main database is unusable: records go to the
// durable emergency database, or to localStorage when the disk is full; IndexedDB is probed
// again periodically) and 'failed' (nothing works). Emergency copies go back to the main
// database when it opens again — each only if newer than the stored record — and leave
// emergency storage only after that transaction completed.
import {
  emergencyEntries,
  emergencyEntry,
  emergencyMayHold,
  emergencyRecordCount,
  emergencyRemove,
  emergencyWrite,
  isQuotaError,
  overlay,
  setDurableReads,
  startDurableTier,
  type EmergencyEntry,
  type EmergencyTier,
} from './emergency';
import { localStorageWorks } from './emergencyLocal';
import { ItemExistsError, MESSAGES, StorageError } from './errors';
import { notifyChange, notifyReload, notifyWrites } from './changes';
import {
  idbAdd,
  idbDeleteByIndex,
  idbGet,
  idbGetAll,
  idbRevisions,
  idbWrite,
  type WriteOp,
} from './idbStore';
import { openDatabase } from './openDatabase';
import { DB_NAME, indexKeyPath, keyOf, type RecordOf, type StoreName } from './schema';
import { matchesQuery } from './keys';

export type StorageMode = 'starting' | 'indexeddb' | 'emergency' | 'failed';
export type { EmergencyTier } from './emergency';

/** What the app tells the surveyor about (features/storage turns these into toasts). */
export type StorageEvent =
  /** The main database cannot be used; records now go to emergency storage (`tier`). */
  | { type: 'emergency-mode'; reason: string; tier: EmergencyTier }
  /** Emergency mode with records kept from an earlier visit. */
  | { type: 'emergency-loaded'; count: number }
  /** Emergency mode starting empty. */
  | { type: 'emergency-initialized' }
  /** Emergency copies were written back to the main database (count > 0). */
  | { type: 'recovered'; count: number }
  /** The disk is full: saves reach only localStorage, which a crash can lose. */
  | { type: 'at-risk' }
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
export type SaveOutcome = { savedIn: 'indexeddb' } | { savedIn: 'local'; message: string; tier: EmergencyTier };

let config: StorageConfig = { ...DEFAULT_CONFIG };
let mode: StorageMode = 'starting';
let tier: EmergencyTier = 'durable';
let db: IDBDatabase | null = null;
let started: Promise<StorageMode> | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing: Promise<boolean> | null = null;
let warnedAtRisk = false;
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

/** Where emergency copies go now: the durable database, or only localStorage. */
export function getEmergencyTier(): EmergencyTier {
  return tier;
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
    if (mode === 'indexeddb') await enterEmergency(error);
    throw error;
  }
}

/**
 * Runs `fn` on the connection; reopens once if another tab's upgrade closed it meanwhile.
 * For this service's own modules (indexReads.ts); features use the typed stores.
 */
export async function withDb<T>(fn: (db: IDBDatabase) => Promise<T>): Promise<T> {
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

/** Picks the emergency tier for a failure: a full disk leaves only localStorage. */
async function tierFor(cause: unknown): Promise<EmergencyTier> {
  if (isQuotaError(cause)) return 'local';
  return (await startDurableTier()) ? 'durable' : 'local';
}

function warnAtRisk(): void {
  if (warnedAtRisk) return;
  warnedAtRisk = true;
  emit({ type: 'at-risk' });
}

async function enterEmergency(reason: unknown): Promise<void> {
  if (mode === 'emergency' || mode === 'failed') return;
  db?.close();
  db = null;
  tier = await tierFor(reason);
  if (tier === 'local' && !localStorageWorks()) {
    mode = 'failed';
    emit({ type: 'critical', message: MESSAGES.criticalStorage });
    return;
  }
  mode = 'emergency';
  setDurableReads(true);
  console.warn(`Local store: IndexedDB unusable, using emergency storage (${tier}):`, reason);
  emit({ type: 'emergency-mode', reason: reason instanceof Error ? reason.message : String(reason), tier });
  if (tier === 'local') warnAtRisk();
  const count = await emergencyRecordCount();
  emit(count > 0 ? { type: 'emergency-loaded', count } : { type: 'emergency-initialized' });
  scheduleProbe();
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), config.probeIntervalMs);
}

/**
 * Writes emergency copies back to the main database: a copy (or a tombstone) is applied only
 * when it is newer than the stored record's revision; stale ones are dropped. Copies leave
 * emergency storage only once the transaction completed.
 */
async function restoreEmergencyCopies(): Promise<number> {
  const entries = await emergencyEntries();
  if (entries.length === 0) return 0;
  const revisions = await withDb((current) => idbRevisions(current, entries));
  const newer = entries.filter((entry, i) => entry.savedAt > (revisions[i] ?? 0));
  const ops: WriteOp[] = newer.map((entry) =>
    entry.deleted
      ? { kind: 'delete', store: entry.store, id: entry.id }
      : ({ kind: 'put', store: entry.store, item: entry.item, savedAt: entry.savedAt } as WriteOp),
  );
  await withDb((current) => idbWrite(current, ops));
  for (const entry of entries) await emergencyRemove(entry.store, entry.id, entry.savedAt);
  const restored = newer.filter((entry) => !entry.deleted).length;
  if (newer.length > 0) {
    if (restored > 0) emit({ type: 'recovered', count: restored });
    notifyReload();
  }
  return restored;
}

/** Tries IndexedDB again (emergency mode, or copies waiting); true when it is in use. */
export function probe(): Promise<boolean> {
  probing ??= (async () => {
    const wasEmergency = mode === 'emergency';
    try {
      await connection();
      mode = 'indexeddb';
      setDurableReads(false);
      clearTimeout(probeTimer);
      await restoreEmergencyCopies();
      if (wasEmergency) notifyReload();
      return true;
    } catch (error) {
      console.warn('Local store: IndexedDB still unusable:', error);
      if (mode === 'indexeddb' && db === null) await enterEmergency(error);
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
      await enterEmergency(error);
      return mode;
    }
    // Copies left by an earlier visit go back in the background: the first screen does not
    // wait for them, and what shows is reloaded (notifyReload) once they are in.
    void startDurableTier()
      .then(() => restoreEmergencyCopies())
      .catch((error: unknown) => {
        console.warn('Local store: emergency copies not restored yet:', error);
        scheduleProbe();
      });
    return mode;
  })();
  return started;
}

// ── Reads ──

export async function getItem<S extends StoreName>(store: S, id: string): Promise<RecordOf<S> | undefined> {
  await initStorage();
  if (mode === 'failed') return undefined;
  if (mode !== 'indexeddb' || emergencyMayHold(store, id)) {
    const copy = await emergencyEntry(store, id);
    if (copy) return copy.deleted ? undefined : (copy.item as RecordOf<S>);
    if (mode !== 'indexeddb') return undefined;
  }
  return withDb((current) => idbGet(current, store, id));
}

export async function getAllItems<S extends StoreName>(store: S): Promise<RecordOf<S>[]> {
  await initStorage();
  if (mode === 'failed') return [];
  const stored = mode === 'indexeddb' ? await withDb((current) => idbGetAll(current, store)) : [];
  return overlay(stored, store);
}

/**
 * Runs `read` on ONE readonly transaction over `names` when IndexedDB alone holds them (no
 * emergency copy of those stores waiting): the reads see one consistent state and pay one
 * transaction. Null otherwise (emergency mode, or copies waiting): the caller then reads
 * store by store through the merging reads below.
 */
export async function readTogether<T>(names: readonly StoreName[], read: (tx: IDBTransaction) => Promise<T>): Promise<T | null> {
  await initStorage();
  if (mode !== 'indexeddb') return null;
  const pending = await emergencyEntries().catch(() => null);
  if (pending === null || pending.some((entry) => names.includes(entry.store))) return null;
  return withDb((current) => read(current.transaction(names, 'readonly')));
}

/**
 * Runs `write` in one readwrite transaction over `names` when the database is the store and
 * nothing of those stores waits in emergency storage; null otherwise (the caller leaves the
 * work for later). For bookkeeping that only reorganises what is already stored (the
 * running CSV's chunks): it notifies no change and keeps no emergency copy.
 */
export async function writeTogether<T>(names: readonly StoreName[], write: (tx: IDBTransaction) => Promise<T>): Promise<T | null> {
  await initStorage();
  if (mode !== 'indexeddb') return null;
  const pending = await emergencyEntries().catch(() => null);
  if (pending === null || pending.some((entry) => names.includes(entry.store))) return null;
  return withDb(async (current) => {
    const tx = current.transaction(names, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    });
    try {
      const result = await write(tx);
      await done;
      return result;
    } catch (error) {
      if (!tx.error) {
        try {
          tx.abort();
        } catch {
          // Already finished.
        }
      }
      await done.catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Runs `fn` on the main database when it is in use, null otherwise (emergency mode): for the
 * sync outbox (outbox.ts), which lives there only.
 */
export async function withMainDatabase<T>(fn: (db: IDBDatabase) => Promise<T>): Promise<T | null> {
  await initStorage();
  if (mode !== 'indexeddb') return null;
  return withDb(fn);
}

// ── Writes ──

function checkId(item: { id?: unknown }): asserts item is { id: string } {
  if (typeof item.id !== 'string' || item.id === '') throw new StorageError('invalid', 'A stored item needs an id');
}

function requireStorage(): void {
  if (mode === 'failed') throw new StorageError('critical-storage', MESSAGES.criticalStorage);
}

/** Adds a new record; an id already stored fails with 'Item already exists' (SPEC §5). */
export async function addItem<S extends StoreName>(store: S, item: RecordOf<S>): Promise<void> {
  checkId(item);
  await initStorage();
  requireStorage();
  const copy = await emergencyEntry(store, item.id);
  if (copy && !copy.deleted) throw new ItemExistsError();
  if (mode === 'indexeddb') {
    await withDb((current) => idbAdd(current, store, item));
  } else {
    // The main database is unreachable, so only emergency copies can be checked (ids are random).
    await emergencyWrite({ store, id: item.id, item, savedAt: Date.now(), deleted: false }, tier);
  }
  notifyChange(store, { put: [item], removed: [] });
}

/** A record to put, typed by its store. */
export type PutOp = Extract<WriteOp, { kind: 'put' }>;

async function keepInEmergency(ops: readonly WriteOp[], cause: unknown): Promise<EmergencyTier> {
  const target: EmergencyTier = mode === 'emergency' ? tier : await tierFor(cause);
  let used: EmergencyTier = target;
  const savedAt = Date.now();
  for (const op of ops) {
    const entry: EmergencyEntry =
      op.kind === 'put'
        ? { store: op.store, id: op.item.id, item: op.item, savedAt, deleted: false }
        : { store: op.store, id: op.id, item: null, savedAt, deleted: true };
    if ((await emergencyWrite(entry, target)) === 'local') used = 'local';
  }
  if (used === 'local') warnAtRisk();
  return used;
}

/**
 * Writes records durably, all in one transaction (SPEC §8 policy): IndexedDB with strict
 * durability; on failure one retry after `retryDelayMs`; then emergency copies. Resolves only
 * once they are on disk somewhere; after a save to IndexedDB any older emergency copy of
 * them is removed, so it can never come back over this one. Throws StorageError 'local-write'
 * when emergency storage refused them too. `signal.inNextTask`: the change signal reaches
 * this tab's listeners in the task after the save resolves (notifyWrites).
 */
export async function saveRecords(ops: readonly WriteOp[], signal: { inNextTask?: boolean } = {}): Promise<SaveOutcome> {
  for (const op of ops) checkId(op.kind === 'put' ? op.item : op);
  await initStorage();
  requireStorage();
  let cause: unknown = null;
  if (mode === 'indexeddb') {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (attempt > 0) await sleep(config.retryDelayMs);
      try {
        await withDb((current) => idbWrite(current, ops));
        for (const op of ops) {
          const id = op.kind === 'put' ? op.item.id : op.id;
          if (emergencyMayHold(op.store, id)) await emergencyRemove(op.store, id);
        }
        notifyWrites(ops, signal);
        return { savedIn: 'indexeddb' };
      } catch (error) {
        cause = error;
        console.warn(`Local store: saving failed (attempt ${attempt + 1}):`, error);
      }
    }
  }
  const used = await keepInEmergency(ops, cause);
  if (mode === 'indexeddb') scheduleProbe();
  notifyWrites(ops, signal);
  return { savedIn: 'local', message: MESSAGES.savedLocally, tier: used };
}

/**
 * Writes records to the main database only, with no emergency fallback: for what may be
 * dropped but must never take emergency storage's room (auto-saves). Throws the database's
 * error (a QuotaExceededError when the disk is full).
 */
export async function writeDatabaseOnly(ops: readonly WriteOp[]): Promise<void> {
  for (const op of ops) checkId(op.kind === 'put' ? op.item : op);
  await initStorage();
  if (mode !== 'indexeddb') throw new StorageError('unavailable', 'The local database is not available');
  await withDb((current) => idbWrite(current, ops));
  notifyWrites(ops);
}

/** Saves one record (see saveRecords). */
export function saveItem<S extends StoreName>(store: S, item: RecordOf<S>): Promise<SaveOutcome> {
  return saveRecords([{ kind: 'put', store, item } as PutOp]);
}

/**
 * Adds or updates a measurement with whatever must be written beside it (its running-CSV
 * row) in the same transaction (SPEC §4 "Adding a measurement", §8 database errors): written
 * after the 50 ms delay, resolved only when durable. `ops` may still be being built (the
 * record and its row by the core): that work runs during the delay, so the surveyor waits
 * for the delay and the write, not for the building after it; a build that fails rejects
 * with its own error. `savedIn: 'local'` carries 'Database temporarily unavailable. …';
 * nowhere at all throws 'Critical error: …'.
 */
export async function saveMeasurement(ops: readonly WriteOp[] | Promise<readonly WriteOp[]>): Promise<SaveOutcome> {
  performance.mark?.('clearway:save-delay');
  const building = Promise.resolve(ops);
  // Awaited after the delay; a rejection meanwhile is not "unhandled".
  building.catch(() => undefined);
  await sleep(config.writeDelayMs);
  performance.mark?.('clearway:save-delay-end');
  const built = await building;
  try {
    // The views refresh (the change signal) in the task after the save resolves, so the
    // surveyor's acknowledgement does not wait for the list, the map and the sync status.
    return await saveRecords(built, { inNextTask: true });
  } catch (cause) {
    throw new StorageError('critical', MESSAGES.criticalSave, { cause });
  }
}

/** Deletes records; in emergency mode the deletions are kept so they hold on recovery. */
export async function deleteRecords(keys: readonly { store: StoreName; id: string }[]): Promise<void> {
  await initStorage();
  requireStorage();
  const ops: WriteOp[] = keys.map(({ store, id }) => ({ kind: 'delete', store, id }));
  if (mode === 'indexeddb') {
    await withDb((current) => idbWrite(current, ops));
    for (const { store, id } of keys) if (emergencyMayHold(store, id)) await emergencyRemove(store, id);
  } else {
    await keepInEmergency(ops, null);
  }
  notifyWrites(ops);
}

export function deleteItem(store: StoreName, id: string): Promise<void> {
  return deleteRecords([{ store, id }]);
}

/** Deletes every record of `store` whose `index` key matches `query`; returns their ids. */
export async function deleteByIndex(store: StoreName, index: string, query: IDBValidKey | IDBKeyRange): Promise<string[]> {
  await initStorage();
  requireStorage();
  const keyPath = indexKeyPath(store, index);
  if (!keyPath) throw new StorageError('invalid', `No index "${index}" on "${store}"`);
  const pending = (await emergencyEntries(store)).filter((entry) => {
    const item = entry.item as Record<string, unknown> | null;
    return !entry.deleted && item !== null && matchesQuery(keyOf(item, keyPath), query);
  });
  let deleted: string[] = [];
  if (mode === 'indexeddb') {
    deleted = await withDb((current) => idbDeleteByIndex(current, store, index, query));
    for (const entry of pending) await emergencyRemove(store, entry.id);
  } else {
    await keepInEmergency(
      pending.map((entry) => ({ kind: 'delete', store, id: entry.id })),
      null,
    );
  }
  const removed = [...new Set([...deleted, ...pending.map((entry) => entry.id)])];
  notifyChange(store, { put: [], removed });
  return removed;
}

/** For tests: forget the page's connection and state (the databases themselves stay). */
export function resetStorageForTests(): void {
  clearTimeout(probeTimer);
  db?.close();
  db = null;
  mode = 'starting';
  tier = 'durable';
  started = null;
  probing = null;
  warnedAtRisk = false;
  setDurableReads(false);
  listeners.clear();
  config = { ...DEFAULT_CONFIG };
}
