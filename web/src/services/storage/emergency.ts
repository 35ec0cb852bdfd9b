// Emergency storage, in two tiers (docs/local-store.md "Emergency mode"):
//   durable  a second IndexedDB database with strict durability (emergencyDb.ts): survives
//            a crash; used whenever the main database fails for a reason other than a full disk
//   local    localStorage, one key per record (emergencyLocal.ts): the last resort, used when
//            the disk is full (the durable tier shares the quota) or the durable tier fails;
//            it can lose the last seconds in a crash and cannot hold media.
// Reads merge both tiers, newest copy of each record first; deletions are kept as tombstones
// so a record deleted in emergency mode never comes back on recovery.
import { durableCount, durableEntries, durablePut, durableRemove, emergencyDbOpen, openEmergencyDb } from './emergencyDb';
import { localEntries, localGet, localPut, localRemove } from './emergencyLocal';
import type { EmergencyEntry } from './emergencyTypes';
import type { RecordOf, StoreName } from './schema';

export type { EmergencyEntry } from './emergencyTypes';
export type EmergencyTier = 'durable' | 'local';

/** Whether an error means the disk (the origin's quota) is full. */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof DOMException && (e.name === 'QuotaExceededError' || /quota/i.test(e.message))) return true;
    if (!(e instanceof Error)) break;
  }
  return false;
}

/** Durable entries that may still be there (normal-mode reads skip the tier when 0). */
let durableKnown = 0;
/** In emergency mode other tabs write the durable tier too: always read it. */
let readDurableAlways = false;

export function setDurableReads(always: boolean): void {
  readDurableAlways = always;
}

/** Opens the durable tier and learns what it holds; false when this browser cannot. */
export async function startDurableTier(): Promise<boolean> {
  try {
    await openEmergencyDb();
    durableKnown = await durableCount();
    return true;
  } catch (error) {
    console.warn('Emergency store: the durable tier is unavailable:', error);
    return false;
  }
}

/**
 * Keeps a copy (or a tombstone) of a record. `tier` 'durable' tries the durable database
 * first and falls back to localStorage. Resolves to the tier that took it; throws
 * 'Failed to save data to local storage' when neither did.
 */
export async function emergencyWrite(entry: EmergencyEntry, tier: EmergencyTier): Promise<EmergencyTier> {
  if (tier === 'durable') {
    try {
      await durablePut(entry);
      durableKnown += 1;
      return 'durable';
    } catch (error) {
      console.warn('Emergency store: the durable tier refused a copy; using localStorage:', error);
    }
  }
  localPut(entry);
  return 'local';
}

function newest(entries: Iterable<EmergencyEntry>): EmergencyEntry[] {
  const byKey = new Map<string, EmergencyEntry>();
  for (const entry of entries) {
    const key = `${entry.store}\u0000${entry.id}`;
    const seen = byKey.get(key);
    if (!seen || entry.savedAt > seen.savedAt) byKey.set(key, entry);
  }
  return [...byKey.values()];
}

function safeLocal(store?: StoreName): EmergencyEntry[] {
  try {
    return localEntries(store);
  } catch {
    return [];
  }
}

/** Every copy and tombstone waiting (the newest of each record), or those of one store. */
export async function emergencyEntries(store?: StoreName): Promise<EmergencyEntry[]> {
  let durable: EmergencyEntry[] = [];
  if (emergencyDbOpen() && (readDurableAlways || durableKnown > 0)) {
    try {
      durable = await durableEntries(store);
    } catch (error) {
      console.warn('Emergency store: the durable tier could not be read:', error);
    }
  }
  return newest([...durable, ...safeLocal(store)]);
}

/** The newest copy of one record, if any. */
export async function emergencyEntry(store: StoreName, id: string): Promise<EmergencyEntry | null> {
  const all = await emergencyEntries(store);
  return all.find((entry) => entry.id === id) ?? null;
}

/** Whether any copy or tombstone may be waiting (cheap: no read of the durable tier). */
export function emergencyMayHold(store: StoreName, id: string): boolean {
  if (durableKnown > 0) return true;
  try {
    return localGet(store, id) !== null;
  } catch {
    return false;
  }
}

/**
 * Removes the copies of a record from both tiers; with `ifSavedAt`, only copies not written
 * again since (a restore must not drop a newer copy another tab wrote meanwhile).
 */
export async function emergencyRemove(store: StoreName, id: string, ifSavedAt?: number): Promise<void> {
  try {
    localRemove(store, id, ifSavedAt);
  } catch (error) {
    console.warn('Emergency store: a local copy could not be removed:', error);
  }
  if (durableKnown > 0 && emergencyDbOpen()) {
    try {
      await durableRemove(store, id, ifSavedAt);
      durableKnown = await durableCount();
    } catch (error) {
      console.warn('Emergency store: a durable copy could not be removed:', error);
    }
  }
}

/** How many records (not tombstones) wait in emergency storage. */
export async function emergencyRecordCount(): Promise<number> {
  return (await emergencyEntries()).filter((entry) => !entry.deleted).length;
}

/** Merges emergency copies (and tombstones) of `store` into records read from IndexedDB. */
export async function overlay<S extends StoreName>(items: RecordOf<S>[], store: S, keep: (item: RecordOf<S>) => boolean = () => true): Promise<RecordOf<S>[]> {
  let pending: EmergencyEntry[];
  try {
    pending = await emergencyEntries(store);
  } catch {
    return items;
  }
  if (pending.length === 0) return items;
  const replaced = new Set(pending.map((entry) => entry.id));
  const copies = pending.filter((entry) => !entry.deleted).map((entry) => entry.item as RecordOf<S>).filter(keep);
  return [...items.filter((item) => !replaced.has(item.id)), ...copies];
}
