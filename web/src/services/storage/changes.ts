// The database-change signal (SPEC §4 "Adding a measurement": a database-change signal is
// raised after the write). Listeners in this tab hear it at once; other tabs of the app
// hear it through a BroadcastChannel, so two tabs writing to one survey both stay current.
// In emergency mode on localStorage, another tab's write can reach this tab's copy of
// localStorage after its BroadcastChannel message: a read on that message may miss it, so
// the `storage` event (fired once this tab's copy has the write) raises the signal again.
import { storeOfRecordKey } from './emergencyLocal';
import type { WriteOp } from './idbStore';

export interface StoreChange {
  /** The store written, or '*' when everything may have changed. */
  store: string;
  /** True when this tab wrote it; false when another tab did. */
  local: boolean;
  /**
   * What changed, when the writer knows (this tab only): the records written and the ids
   * deleted. Absent means "read again": another tab, a recovery, a delete by index.
   */
  detail?: ChangeDetail;
}

/** The records a write put (whole, as stored) and the ids it deleted. */
export interface ChangeDetail {
  put: readonly { id: string }[];
  removed: readonly string[];
}

const CHANNEL = 'clearway:db-change';
const listeners = new Set<(change: StoreChange) => void>();
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent<StoreChange>) => deliver({ store: event.data.store, local: false });
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        const store = storeOfRecordKey(event.key);
        if (store) deliver({ store, local: false });
      });
    }
  }
  return channel;
}

function deliver(change: StoreChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      console.error('A database-change listener failed:', error);
    }
  }
}

/**
 * Raises the signal after a write to `store` completed (here and in other tabs). This tab's
 * listeners get `detail` (listeners must not change its records); other tabs only the store.
 */
export function notifyChange(store: string, detail?: ChangeDetail): void {
  deliver(detail ? { store, local: true, detail } : { store, local: true });
  try {
    broadcast()?.postMessage({ store, local: false });
  } catch {
    // A closed channel (page unloading): this tab was told already.
  }
}

/** Runs `fn` in a task of its own, after whatever the current task and its promises do. */
function inNextTask(fn: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

/**
 * Raises the signal once per store written, with the records put and the ids deleted.
 * `inNextTask`: in the task after the current one (a measurement's save resolves first, so
 * the surveyor's acknowledgement does not wait for the views to refresh).
 */
export function notifyWrites(ops: readonly WriteOp[], { inNextTask: later = false }: { inNextTask?: boolean } = {}): void {
  if (later) return inNextTask(() => notifyWrites(ops));
  const byStore = new Map<string, { put: { id: string }[]; removed: string[] }>();
  for (const op of ops) {
    let detail = byStore.get(op.store);
    if (!detail) byStore.set(op.store, (detail = { put: [], removed: [] }));
    if (op.kind === 'put') detail.put.push(op.item);
    else detail.removed.push(op.id);
  }
  for (const [store, detail] of byStore) notifyChange(store, detail);
}

/** Tells this tab's listeners that every store may have changed (recovery from emergency mode). */
export function notifyReload(): void {
  deliver({ store: '*', local: false });
}

/** Listens to the signal; returns the unsubscribe function. */
export function subscribeChanges(listener: (change: StoreChange) => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
