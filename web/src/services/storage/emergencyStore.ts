// Emergency storage on localStorage (SPEC §4 "Local storage fallback", §8, §9).
//
// When IndexedDB is corrupt or unavailable, and whenever a measurement cannot reach it,
// records are kept here: one key for the main data store, holding the schema version,
// lastUpdated and every record by collection and id; after each change a snapshot of it
// is written under the backup prefix plus a timestamp, the 5 most recent kept. When
// IndexedDB works again the records are copied there and removed from here (see
// storageService.ts). docs/local-store.md lists the keys.
import { ItemExistsError, MESSAGES, StorageError } from './errors';
import { SCHEMA_VERSION, type StoreName, type StoredItem } from './schema';

/** The main data store: the one key of SPEC §9 "Local data key". */
export const EMERGENCY_KEY = 'clearway:local-store';
/** Backups: this prefix plus a timestamp in milliseconds (SPEC §9 "Local backups"). */
export const BACKUP_PREFIX = 'clearway:backup:';
/** Backups kept (SPEC §4, §9). */
export const BACKUPS_KEPT = 5;

export interface EmergencyData {
  version: number;
  lastUpdated: string;
  collections: Partial<Record<StoreName, Record<string, StoredItem>>>;
}

export interface EmergencyEntry {
  store: StoreName;
  item: StoredItem;
}

const BLOB_TAG = '$clearwayBlob';

function storage(): Storage {
  const ls = globalThis.localStorage;
  if (!ls) throw new Error('localStorage is not available');
  return ls;
}

function emptyData(): EmergencyData {
  return { version: SCHEMA_VERSION, lastUpdated: new Date().toISOString(), collections: {} };
}

function parse(text: string | null): EmergencyData | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as EmergencyData;
    return value && typeof value === 'object' && value.collections && typeof value.collections === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Backup keys, newest first. */
export function backupKeys(): string[] {
  const ls = storage();
  const keys: string[] = [];
  for (let i = 0; i < ls.length; i += 1) {
    const key = ls.key(i);
    if (key?.startsWith(BACKUP_PREFIX)) keys.push(key);
  }
  const stamp = (key: string) => Number.parseFloat(key.slice(BACKUP_PREFIX.length));
  return keys.sort((a, b) => stamp(b) - stamp(a));
}

/** The main data store, or the newest readable backup when the main key is damaged. */
export function readEmergencyData(): EmergencyData {
  const ls = storage();
  const main = ls.getItem(EMERGENCY_KEY);
  const parsed = parse(main);
  if (parsed) return parsed;
  if (main !== null) {
    for (const key of backupKeys()) {
      const backup = parse(ls.getItem(key));
      if (backup) return backup;
    }
  }
  return emptyData();
}

function writeBackup(ls: Storage, text: string): void {
  let stamp = Date.now();
  while (ls.getItem(BACKUP_PREFIX + stamp) !== null) stamp += 1;
  try {
    ls.setItem(BACKUP_PREFIX + stamp, text);
  } catch {
    // Backups are copies of the main key: when space is short, the main key wins.
  }
  for (const key of backupKeys().slice(BACKUPS_KEPT)) ls.removeItem(key);
}

/** Writes the main key (then a backup). Throws 'Failed to save data to local storage'. */
function writeEmergencyData(data: EmergencyData): void {
  let ls: Storage;
  try {
    ls = storage();
  } catch (cause) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause });
  }
  const empty = Object.values(data.collections).every((c) => !c || Object.keys(c).length === 0);
  try {
    if (empty) {
      ls.removeItem(EMERGENCY_KEY);
      for (const key of backupKeys()) ls.removeItem(key);
      return;
    }
    const text = JSON.stringify({ ...data, version: SCHEMA_VERSION, lastUpdated: new Date().toISOString() });
    try {
      ls.setItem(EMERGENCY_KEY, text);
    } catch {
      // Out of space: backups are redundant copies, drop them and try once more.
      for (const key of backupKeys()) ls.removeItem(key);
      ls.setItem(EMERGENCY_KEY, text);
    }
    writeBackup(ls, text);
  } catch (cause) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause });
  }
}

// ── Blobs (photos, video clips) travel as base64 inside the JSON ──

async function encodeValue(value: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { [BLOB_TAG]: { type: value.type, base64: btoa(binary) } };
  }
  return value;
}

function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && BLOB_TAG in value) {
    const { type, base64 } = (value as Record<string, { type: string; base64: string }>)[BLOB_TAG] ?? { type: '', base64: '' };
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type });
  }
  return value;
}

async function encodeItem(item: StoredItem): Promise<StoredItem> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) out[field] = await encodeValue(value);
  return out as StoredItem;
}

function decodeItem(item: StoredItem): StoredItem {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) out[field] = decodeValue(value);
  return out as StoredItem;
}

// ── The API the storage service uses ──

export async function emergencyPut(store: StoreName, item: StoredItem, options: { onlyIfAbsent?: boolean } = {}): Promise<void> {
  const encoded = await encodeItem(item);
  let data: EmergencyData;
  try {
    data = readEmergencyData();
  } catch (cause) {
    throw new StorageError('local-write', MESSAGES.localWrite, { cause });
  }
  const collection = (data.collections[store] ??= {});
  if (options.onlyIfAbsent && Object.hasOwn(collection, String(item.id))) throw new ItemExistsError();
  collection[String(item.id)] = encoded;
  writeEmergencyData(data);
}

export function emergencyDelete(store: StoreName, id: IDBValidKey): void {
  const data = readEmergencyData();
  const collection = data.collections[store];
  if (!collection || !Object.hasOwn(collection, String(id))) return;
  Reflect.deleteProperty(collection, String(id));
  writeEmergencyData(data);
}

export function emergencyGet(store: StoreName, id: IDBValidKey): StoredItem | undefined {
  const item = readEmergencyData().collections[store]?.[String(id)];
  return item ? decodeItem(item) : undefined;
}

export function emergencyGetAll(store: StoreName): StoredItem[] {
  return Object.values(readEmergencyData().collections[store] ?? {}).map(decodeItem);
}

/** Every record waiting to go back to IndexedDB, with the exact JSON it was read as. */
export function emergencyEntries(): (EmergencyEntry & { json: string })[] {
  const out: (EmergencyEntry & { json: string })[] = [];
  const data = readEmergencyData();
  for (const [store, collection] of Object.entries(data.collections) as [StoreName, Record<string, StoredItem>][]) {
    for (const item of Object.values(collection ?? {})) out.push({ store, item: decodeItem(item), json: JSON.stringify(item) });
  }
  return out;
}

/** Removes restored records, unless they changed since they were read (then they stay). */
export function emergencyRemoveRestored(restored: readonly (EmergencyEntry & { json: string })[]): void {
  const data = readEmergencyData();
  for (const { store, item, json } of restored) {
    const collection = data.collections[store];
    const key = String(item.id);
    if (collection && Object.hasOwn(collection, key) && JSON.stringify(collection[key]) === json) Reflect.deleteProperty(collection, key);
  }
  for (const store of Object.keys(data.collections) as StoreName[]) {
    if (Object.keys(data.collections[store] ?? {}).length === 0) Reflect.deleteProperty(data.collections, store);
  }
  writeEmergencyData(data);
}

export function emergencyCount(): number {
  return Object.values(readEmergencyData().collections).reduce((n, c) => n + Object.keys(c ?? {}).length, 0);
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
