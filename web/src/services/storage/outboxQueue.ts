// Queuing changes for the cloud (docs/sync.md): every write of a synced store puts an outbox
// entry in the SAME IndexedDB transaction as the record, so a change can never be stored
// without also being queued (a crash aborts both). Called by idbStore.ts; the sync engine
// reads and clears the entries through outbox.ts.
import type { WriteOp } from './idbStore';
import { OUTBOX, SYNC_STORES, type OutboxEntry, type StoreName, type SyncStore } from './schema';

const SESSION = Math.random().toString(36).slice(2, 10);
let counter = 0;

/** A revision token unique to this change (time, page, counter): never reused by a later edit. */
export function newRev(now = Date.now()): string {
  counter += 1;
  return `${now.toString(36)}-${SESSION}-${counter.toString(36)}`;
}

export function isSyncStore(store: StoreName | string): store is SyncStore {
  return (SYNC_STORES as readonly string[]).includes(store);
}

/** The survey a record belongs to (measurements hold it in `user_id`, SPEC §3). */
export function surveyIdOf(store: SyncStore, item: Record<string, unknown>): string {
  const value = store === 'surveys' ? item.id : store === 'measurements' ? item.user_id : item.surveyId;
  return typeof value === 'string' ? value : '';
}

/** The stores a write transaction must include so that it can queue `ops` (a point's route is read). */
export function queueStores(ops: readonly WriteOp[]): string[] {
  return queuesLater(ops) ? [OUTBOX, 'routes'] : [OUTBOX];
}

/**
 * Whether queueChanges makes requests after `ops`' own have succeeded (a route point's route
 * is read first): the transaction must then stay open for them.
 */
export const queuesLater = (ops: readonly WriteOp[]): boolean => ops.some((op) => op.store === 'route-points');

/**
 * The record as it is stored: a local change to a survey or a measurement is not synced
 * (SPEC §3 cloudUploadStatus null or synced) until the outbox says so; records that come
 * from the cloud (`fromCloud`) are kept as they are.
 */
export function storedItem(op: Extract<WriteOp, { kind: 'put' }>): object {
  if (op.fromCloud || (op.store !== 'surveys' && op.store !== 'measurements')) return op.item;
  const status = (op.item as { cloudUploadStatus?: unknown }).cloudUploadStatus;
  return status === null || status === undefined ? op.item : { ...op.item, cloudUploadStatus: null };
}

function entry(store: SyncStore, id: string, op: 'put' | 'delete', surveyId: string, now: number): OutboxEntry {
  return { store, id, op, surveyId, rev: newRev(now), queuedAt: now };
}

/** Queues the changes of `ops` in `tx` (which includes queueStores(ops)). */
export function queueChanges(tx: IDBTransaction, ops: readonly WriteOp[], now = Date.now()): void {
  const outbox = tx.objectStore(OUTBOX);
  const routesWritten = new Set(ops.filter((op) => op.store === 'routes').map((op) => (op.kind === 'put' ? op.item.id : op.id)));
  const routesOfPoints = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'put' && op.fromCloud) continue;
    if (op.store === 'route-points') {
      // A route point travels inside its route's document: its change queues the route.
      if (op.kind === 'put' && typeof op.item.routeId === 'string' && !routesWritten.has(op.item.routeId)) routesOfPoints.add(op.item.routeId);
      continue;
    }
    if (!isSyncStore(op.store)) continue;
    if (op.kind === 'put') outbox.put(entry(op.store, op.item.id, 'put', surveyIdOf(op.store, op.item as Record<string, unknown>), now));
    else outbox.put(entry(op.store, op.id, 'delete', '', now));
  }
  for (const routeId of routesOfPoints) {
    const request = tx.objectStore('routes').get(routeId);
    request.onsuccess = () => {
      const route = request.result as Record<string, unknown> | undefined;
      if (route) outbox.put(entry('routes', routeId, 'put', surveyIdOf('routes', route), now));
    };
  }
}

/** Queues the deletion of records found by an index (a survey's measurements when it is cleared). */
export function queueDeletion(tx: IDBTransaction, store: StoreName, id: string, surveyId: string, now = Date.now()): void {
  if (isSyncStore(store)) tx.objectStore(OUTBOX).put(entry(store, id, 'delete', surveyId, now));
}

/**
 * Inside the upgrade that creates the outbox: queues every record already stored that is not
 * synced, so surveys made before this version reach the cloud too (docs/sync.md).
 */
export function queueExisting(tx: IDBTransaction, now = Date.now()): void {
  const outbox = tx.objectStore(OUTBOX);
  for (const store of SYNC_STORES) {
    const request = tx.objectStore(store).openCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return;
      const record = cursor.value as Record<string, unknown>;
      if (typeof record.id === 'string' && record.cloudUploadStatus !== 'synced') {
        outbox.put(entry(store, record.id, 'put', surveyIdOf(store, record), now));
      }
      cursor.continue();
    };
  }
}
