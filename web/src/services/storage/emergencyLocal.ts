// The last resort of emergency mode: localStorage (SPEC §3 "Local storage", §8, §9).
//
// One key per record, so two tabs never overwrite each other's records:
//   `clearway:local-store`                 the data store's header: schema version 4, lastUpdated
//   `clearway:local-store:{store}:{id}`    one record: { store, id, item, savedAt, deleted }
//   `clearway:backup:{timestamp}`          snapshots of every record, the 5 most recent kept
// localStorage is not flushed to disk before it answers (a crash can lose the last
// seconds), and it cannot hold media: emergency.ts prefers the durable database
// (emergencyDb.ts) and comes here only when that fails or the disk is full. A main key in
// the older one-key layout (every record inside it) is split into record keys when read.
import { MESSAGES, StorageError } from './errors';
import { SCHEMA_VERSION, isStoreName, type StoreName } from './schema';
import type { EmergencyEntry } from './emergencyTypes';

/** The main data store: the one key of SPEC §9 "Local data key". */
export const EMERGENCY_KEY = 'clearway:local-store';
const RECORD_PREFIX = `${EMERGENCY_KEY}:`;
/** Backups: this prefix plus a timestamp in milliseconds (SPEC §9 "Local backups"). */
export const BACKUP_PREFIX = 'clearway:backup:';
/** Backups kept (SPEC §4, §9). */
export const BACKUPS_KEPT = 5;

function storage(): Storage {
  const ls = globalThis.localStorage;
  if (!ls) throw new Error('localStorage is not available');
  return ls;
}

const recordKey = (store: StoreName, id: string) => `${RECORD_PREFIX}${store}:${id}`;

/** The store of a record key (`clearway:local-store:{store}:{id}`), null for any other key. */
export function storeOfRecordKey(key: string | null): StoreName | null {
  if (!key?.startsWith(RECORD_PREFIX)) return null;
  const store = key.slice(RECORD_PREFIX.length).split(':', 1)[0];
  return isStoreName(store) ? store : null;
}

function keysWith(prefix: string): string[] {
  const ls = storage();
  const keys: string[] = [];
  for (let i = 0; i < ls.length; i += 1) {
    const key = ls.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Backup keys, newest first. */
export function backupKeys(): string[] {
  const stamp = (key: string) => Number.parseFloat(key.slice(BACKUP_PREFIX.length));
  return keysWith(BACKUP_PREFIX).sort((a, b) => stamp(b) - stamp(a));
}

function parseEntry(text: string | null): EmergencyEntry | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<EmergencyEntry>;
    if (!value || !isStoreName(value.store) || typeof value.id !== 'string' || typeof value.savedAt !== 'number') return null;
    return { store: value.store, id: value.id, item: value.item ?? null, savedAt: value.savedAt, deleted: value.deleted === true };
  } catch {
    return null;
  }
}

/** Splits a main key of the one-key layout (records inside it) into record keys. */
function splitLegacyMainKey(ls: Storage): void {
  const text = ls.getItem(EMERGENCY_KEY);
  if (text === null) return;
  type Legacy = { collections?: Record<string, Record<string, unknown> | undefined> };
  let data: Legacy | null;
  try {
    data = JSON.parse(text) as Legacy | null;
  } catch {
    data = null;
  }
  if (!data?.collections) return;
  const savedAt = Date.now();
  for (const [store, records] of Object.entries(data.collections)) {
    if (!isStoreName(store)) continue;
    for (const [id, item] of Object.entries(records ?? {})) {
      const key = recordKey(store, id);
      if (ls.getItem(key) === null) ls.setItem(key, JSON.stringify({ store, id, item, savedAt, deleted: false }));
    }
  }
  ls.setItem(EMERGENCY_KEY, JSON.stringify({ version: SCHEMA_VERSION, lastUpdated: new Date().toISOString() }));
}

/** Every record kept here; a damaged record key is read from the newest backup holding it. */
export function localEntries(store?: StoreName): EmergencyEntry[] {
  const ls = storage();
  try {
    splitLegacyMainKey(ls);
  } catch (error) {
    console.warn('Emergency store: the one-key layout could not be split yet:', error);
  }
  const out: EmergencyEntry[] = [];
  let backups: EmergencyEntry[] | null = null;
  for (const key of keysWith(store ? `${RECORD_PREFIX}${store}:` : RECORD_PREFIX)) {
    const entry = parseEntry(ls.getItem(key));
    if (entry) {
      out.push(entry);
      continue;
    }
    backups ??= readNewestBackup();
    const copy = backups.find((b) => key === recordKey(b.store, b.id));
    if (copy) out.push(copy);
  }
  return out;
}

function readNewestBackup(): EmergencyEntry[] {
  const ls = storage();
  for (const key of backupKeys()) {
    try {
      const value = JSON.parse(ls.getItem(key) ?? '') as unknown;
      if (Array.isArray(value)) return value.map((v) => parseEntry(JSON.stringify(v))).filter((e): e is EmergencyEntry => e !== null);
    } catch {
      // the next backup
    }
  }
  return [];
}

function writeHeader(ls: Storage): void {
  ls.setItem(EMERGENCY_KEY, JSON.stringify({ version: SCHEMA_VERSION, lastUpdated: new Date().toISOString() }));
}

/** A snapshot of every record (best effort: backups are copies, the record keys win for space). */
function writeBackup(ls: Storage): void {
  try {
    const entries = keysWith(RECORD_PREFIX).map((key) => parseEntry(ls.getItem(key))).filter((e) => e !== null);
    let stamp = Date.now();
    while (ls.getItem(BACKUP_PREFIX + stamp) !== null) stamp += 1;
    if (entries.length > 0) ls.setItem(BACKUP_PREFIX + stamp, JSON.stringify(entries));
  } catch {
    // out of space: the record itself is what matters
  }
  for (const key of backupKeys().slice(BACKUPS_KEPT)) ls.removeItem(key);
}

/** Whether a value holds bytes (which localStorage cannot keep). */
function holdsBytes(item: unknown): boolean {
  if (!item || typeof item !== 'object') return false;
  return Object.values(item).some((v) => (typeof Blob !== 'undefined' && v instanceof Blob) || v instanceof ArrayBuffer || ArrayBuffer.isView(v));
}

/**
 * Writes one record (or its deletion). Throws 'Failed to save data to local storage' when
 * localStorage refuses it, and for media, which never go to localStorage.
 */
export function localPut(entry: EmergencyEntry): void {
  if (holdsBytes(entry.item)) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause: new Error('media are never kept in localStorage') });
  }
  let ls: Storage;
  try {
    ls = storage();
  } catch (cause) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause });
  }
  const text = JSON.stringify(entry);
  try {
    try {
      ls.setItem(recordKey(entry.store, entry.id), text);
    } catch {
      // Out of space: backups are redundant copies, drop them and try once more.
      for (const key of backupKeys()) ls.removeItem(key);
      ls.setItem(recordKey(entry.store, entry.id), text);
    }
    writeHeader(ls);
  } catch (cause) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause });
  }
  writeBackup(ls);
}

export function localGet(store: StoreName, id: string): EmergencyEntry | null {
  return parseEntry(storage().getItem(recordKey(store, id)));
}

/** Removes a record's key; when `ifSavedAt` is given, only if it was not written again since. */
export function localRemove(store: StoreName, id: string, ifSavedAt?: number): void {
  const ls = storage();
  const key = recordKey(store, id);
  if (ifSavedAt !== undefined && parseEntry(ls.getItem(key))?.savedAt !== ifSavedAt) return;
  ls.removeItem(key);
  if (keysWith(RECORD_PREFIX).length === 0) {
    ls.removeItem(EMERGENCY_KEY);
    for (const backup of backupKeys()) ls.removeItem(backup);
  }
}

/** Whether localStorage can take a write at all (probe for SPEC §8's critical error). */
export function localStorageWorks(): boolean {
  try {
    const ls = storage();
    const probe = 'clearway:probe';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
