// The app's one sync engine, wired to the real world: the signed-in session, the account's
// approval, the browser's connection, the local store's change signal and the cloud client.
// Started once by the app (startAutoSync); the workspace's 'Sync now' calls syncNow.
import { getSession, refreshSessionUser, startSession, subscribeSession } from '../account';
import { subscribeChanges } from '../../services/storage';
import { readLastSyncTime, writeLastSyncTime } from '../../services/storage/flags';
import { SyncEngine, type SyncGate } from './engine';

/** Local changes are gathered this long before an automatic run. */
export const CHANGE_DEBOUNCE_MS = 1_500;
const SYNCED_STORES = new Set(['surveys', 'measurements', 'vehicleTraces', 'routes', 'route-points', '*']);

const approvedUsers = new Set<string>();

const gate: SyncGate = {
  online: () => typeof navigator === 'undefined' || navigator.onLine,
  userId() {
    const session = getSession();
    return session.state === 'signed-in' ? session.user.uid : null;
  },
  async approved(uid) {
    // Asked once per user and page: an approval is not taken back without the guard noticing.
    if (approvedUsers.has(uid)) return true;
    // The session may still hold the user as they signed up, e-mail not confirmed (confirmed
    // since, in this very session, through the link): the rules need a token that says it is,
    // so the user is read again (a fresh token) before anything is sent.
    const session = getSession();
    if (session.state === 'signed-in' && !session.user.emailVerified && !(await refreshSessionUser())?.emailVerified) return false;
    const account = await (await startSession()).fetchAccount(uid);
    if (account?.status === 'approved') approvedUsers.add(uid);
    return account?.status === 'approved';
  },
};

let engine: SyncEngine | null = null;

/** The engine (created on first use; nothing loads until a run finds a signed-in user). */
export function syncEngine(): SyncEngine {
  engine ??= new SyncEngine({
    transport: () => startSession(),
    gate,
    lastSyncTime: readLastSyncTime(),
    onSynced: (time) => writeLastSyncTime(time),
  });
  return engine;
}

let stopAuto: (() => void) | null = null;

/** Uploads automatically: at start, on sign-in, when back online, and after local changes. */
export function startAutoSync(): () => void {
  if (stopAuto) return stopAuto;
  const sync = syncEngine();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = (delay = CHANGE_DEBOUNCE_MS) => {
    clearTimeout(timer);
    timer = setTimeout(() => void sync.syncNow(), delay);
  };
  let lastUser = gate.userId();
  const unsubscribeSession = subscribeSession(() => {
    const user = gate.userId();
    if (user === lastUser) return;
    lastUser = user;
    if (!user) {
      sync.stop();
      approvedUsers.clear();
    }
    soon(0);
  });
  const unsubscribeChanges = subscribeChanges((change) => {
    // This tab's own changes (another tab runs its own engine), and recoveries ('*').
    if ((change.local || change.store === '*') && SYNCED_STORES.has(change.store)) soon();
  });
  const online = () => soon(0);
  const offline = () => sync.wentOffline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  soon(0);
  stopAuto = () => {
    clearTimeout(timer);
    unsubscribeSession();
    unsubscribeChanges();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    sync.stop();
    stopAuto = null;
  };
  return stopAuto;
}
