// The sync outbox as the sync engine sees it (docs/sync.md): the next changes of a store with
// their records, the acknowledgement that clears them and marks the records synced, and the
// per-survey progress the workspace shows. Entries are queued by outboxQueue.ts, in the same
// transaction as each change. The outbox lives in the main database only: in emergency mode
// nothing is pending here (the copies are queued when they go back to the database).
import { notifyChange } from './changes';
import { requestResult, transactionDone } from './idbStore';
import { OUTBOX, type OutboxEntry, type RecordOf, type SyncStore } from './schema';
import { withMainDatabase } from './storageService';
import type { RoutePoint } from '../../model';

/** A queued change with the record as it is now (undefined once deleted). */
export interface PendingChange {
  entry: OutboxEntry;
  record: RecordOf<SyncStore> | undefined;
  /** A route's points (route-points store), in their order. */
  points?: RoutePoint[];
}

/** How far a survey's measurements are in the cloud. */
export interface SurveyProgress {
  total: number;
  pending: number;
}

const STRICT: IDBTransactionOptions = { durability: 'strict' };
const ofStore = (store: SyncStore) => IDBKeyRange.bound([store], [store, []]);

async function next(store: SyncStore, limit: number): Promise<PendingChange[]> {
  const found = await withMainDatabase(async (db) => {
    const names = store === 'routes' ? [OUTBOX, store, 'route-points'] : [OUTBOX, store];
    const tx = db.transaction(names, 'readonly');
    const entries = await requestResult(tx.objectStore(OUTBOX).getAll(ofStore(store), limit) as IDBRequest<OutboxEntry[]>);
    const records = tx.objectStore(store);
    return Promise.all(
      entries.map(async (entry): Promise<PendingChange> => {
        const record = entry.op === 'put' ? ((await requestResult(records.get(entry.id))) as RecordOf<SyncStore> | undefined) : undefined;
        if (store !== 'routes' || !record) return { entry, record };
        const points = (await requestResult(tx.objectStore('route-points').index('by-route').getAll(entry.id))) as RoutePoint[];
        return { entry, record, points: points.sort((a, b) => Number(a.order) - Number(b.order)) };
      }),
    );
  });
  return found ?? [];
}

/**
 * The server acknowledged these changes: each entry still holding the same revision leaves
 * the outbox, and its survey or measurement is marked `cloudUploadStatus: 'synced'`, in one
 * transaction. An entry replaced meanwhile by a newer change stays queued. Returns how many left.
 */
async function acknowledge(entries: readonly OutboxEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const cleared = await withMainDatabase(async (db) => {
    const tx = db.transaction([OUTBOX, 'surveys', 'measurements'], 'readwrite', STRICT);
    const outbox = tx.objectStore(OUTBOX);
    let count = 0;
    for (const entry of entries) {
      const request = outbox.get([entry.store, entry.id]);
      request.onsuccess = () => {
        const current = request.result as OutboxEntry | undefined;
        if (current?.rev !== entry.rev) return;
        outbox.delete([entry.store, entry.id]);
        count += 1;
        if (entry.op !== 'put' || (entry.store !== 'surveys' && entry.store !== 'measurements')) return;
        const records = tx.objectStore(entry.store);
        const read = records.get(entry.id);
        read.onsuccess = () => {
          const record = read.result as Record<string, unknown> | undefined;
          if (record && record.cloudUploadStatus !== 'synced') records.put({ ...record, cloudUploadStatus: 'synced' });
        };
      };
    }
    await transactionDone(tx);
    return count;
  });
  // Only the outbox is announced: the records changed by nothing but their sync mark, which
  // no view shows. Announcing 'measurements' made every view of the survey (the map, the
  // list, the summary) read it whole again after each acknowledged batch of 450.
  if (cleared) notifyChange('outbox');
  return cleared ?? 0;
}

/** The survey's measurements and how many of them wait for the cloud. */
async function progress(surveyId: string): Promise<SurveyProgress | null> {
  return withMainDatabase(async (db) => {
    const tx = db.transaction([OUTBOX, 'measurements'], 'readonly');
    const [total, pending] = await Promise.all([
      requestResult(tx.objectStore('measurements').index('by-survey').count(surveyId)),
      requestResult(tx.objectStore(OUTBOX).index('by-survey-store-op').count([surveyId, 'measurements', 'put'])),
    ]);
    return { total, pending };
  });
}

/** How many changes wait, all stores together (null when the main database is not in use). */
function size(): Promise<number | null> {
  return withMainDatabase((db) => requestResult(db.transaction(OUTBOX).objectStore(OUTBOX).count()));
}

export const outbox = { next, acknowledge, progress, size };
