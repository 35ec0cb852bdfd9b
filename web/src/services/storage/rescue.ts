// The rescue export: everything Clearway holds in this browser, read as it is (no upgrade,
// no repair), in one JSON file the surveyor can keep before following advice such as SPEC
// §8's 'Critical storage error. Please clear your browser data and try again.' It reads the
// main database, the durable emergency database and every `clearway:` localStorage key;
// whatever cannot be opened is listed under `unreadable` with the reason. Media bytes are
// written as data: URLs.
import { EMERGENCY_DB_NAME } from './emergencyDb';
import { DB_NAME, SCHEMA_VERSION } from './schema';

export interface RescueFile {
  format: 'clearway-rescue';
  version: number;
  exportedAt: string;
  databases: Record<string, Record<string, unknown[]>>;
  localStorage: Record<string, string>;
  unreadable: string[];
}

async function jsonSafe(value: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:${value.type || 'application/octet-stream'};base64,${btoa(binary)}`;
  }
  if (Array.isArray(value)) return Promise.all(value.map(jsonSafe));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) out[key] = await jsonSafe(field);
    return out;
  }
  return value;
}

function readDatabase(name: string): Promise<Record<string, unknown[]>> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    // Opening a name that does not exist would create it: abort that instead.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      reject(request.error ?? new Error(`${name} did not open`));
    };
    request.onsuccess = () => {
      const db = request.result;
      const names = [...db.objectStoreNames];
      const out: Record<string, unknown[]> = {};
      if (names.length === 0) {
        db.close();
        resolve(out);
        return;
      }
      const tx = db.transaction(names);
      for (const store of names) {
        const all = tx.objectStore(store).getAll();
        all.onsuccess = () => (out[store] = all.result as unknown[]);
      }
      tx.oncomplete = () => {
        db.close();
        resolve(out);
      };
      tx.onabort = () => {
        db.close();
        reject(tx.error ?? new Error(`${name} could not be read`));
      };
    };
  });
}

/** Everything readable, as a JSON Blob. Never throws: what fails is listed in the file. */
export async function rescueExport(now = new Date()): Promise<Blob> {
  const file: RescueFile = {
    format: 'clearway-rescue',
    version: SCHEMA_VERSION,
    exportedAt: now.toISOString(),
    databases: {},
    localStorage: {},
    unreadable: [],
  };
  for (const name of [DB_NAME, EMERGENCY_DB_NAME]) {
    try {
      file.databases[name] = (await jsonSafe(await readDatabase(name))) as Record<string, unknown[]>;
    } catch (error) {
      file.unreadable.push(`IndexedDB ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  try {
    const ls = globalThis.localStorage;
    for (let i = 0; i < ls.length; i += 1) {
      const key = ls.key(i);
      if (key?.startsWith('clearway') || key === 'app_access') file.localStorage[key] = ls.getItem(key) ?? '';
    }
  } catch (error) {
    file.unreadable.push(`localStorage: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new Blob([JSON.stringify(file)], { type: 'application/json' });
}
