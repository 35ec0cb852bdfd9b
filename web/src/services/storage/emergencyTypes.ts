// What both emergency stores keep per record (emergencyDb.ts, emergencyLocal.ts).
import type { StoreName } from './schema';

export interface EmergencyEntry {
  store: StoreName;
  id: string;
  /** The record; null for a deletion (a tombstone: the record must not come back). */
  item: unknown;
  /** When this copy was written (ms since the epoch): a copy restores only if newer. */
  savedAt: number;
  deleted: boolean;
}
