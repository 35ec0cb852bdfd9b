// Who is signed in, for the whole app. The Firebase SDK is loaded only when needed: at start
// if a user was signed in on this device before (the current_user_id flag), else when a page
// asks for it (sign-in, registration, the e-mail links). SPEC §4: on sign-in the user id is
// kept in local storage; on sign-out it and lastSyncTime are removed.
import { useEffect, useSyncExternalStore } from 'react';
import { cloud, type CloudClient, type CloudUser } from '../../services/firebase';
import { clearSignedInUser, readCurrentUserId, writeCurrentUserId } from '../../services/storage/flags';
import { queryClient } from './queryClient';

export type Session =
  /** The SDK is loading, or the remembered user is being restored. */
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'signed-in'; user: CloudUser }
  /** The SDK could not load (offline on first use, a broken chunk): sync is unavailable. */
  | { state: 'unavailable'; error: string };

let session: Session = readCurrentUserId() ? { state: 'loading' } : { state: 'signed-out' };
let started: Promise<CloudClient> | null = null;
const listeners = new Set<() => void>();

function publish(next: Session) {
  session = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls back on every change of the session (the sync engine starts on sign-in). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSession(): Session {
  return session;
}

/** Loads the SDK (once) and follows the signed-in user from then on. */
export function startSession(): Promise<CloudClient> {
  if (!started) {
    // Signed out stays signed out while the SDK loads: the form being filled stays on screen.
    started = cloud().then(
      (client) => {
        client.onUser((user) => {
          if (user) {
            writeCurrentUserId(user.uid);
            publish({ state: 'signed-in', user });
          } else {
            publish({ state: 'signed-out' });
          }
        });
        return client;
      },
      (error: unknown) => {
        started = null;
        publish({ state: 'unavailable', error: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
  }
  return started;
}

/** At app start: restore the remembered user, if any (no SDK load otherwise). */
export function restoreSession(): void {
  if (readCurrentUserId()) startSession().catch(() => undefined);
}

/** The session; `load` starts the SDK when the component needs it (sign-in forms). */
export function useSession(load = false): Session {
  useEffect(() => {
    if (load) startSession().catch(() => undefined);
  }, [load]);
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export async function signIn(email: string, password: string): Promise<CloudUser> {
  const client = await startSession();
  const user = await client.signIn(email.trim(), password);
  writeCurrentUserId(user.uid);
  publish({ state: 'signed-in', user });
  return user;
}

export async function signOutUser(): Promise<void> {
  const client = await startSession();
  await client.signOut();
  clearSignedInUser();
  queryClient.clear();
  publish({ state: 'signed-out' });
}

/** Re-reads the user (e-mail verified? admin claim?) and publishes it. */
export async function refreshSessionUser(): Promise<CloudUser | null> {
  const client = await startSession();
  const user = await client.refreshUser();
  if (user) publish({ state: 'signed-in', user });
  return user;
}

/** For tests: forget the session state. */
export function resetSessionForTests(next: Session = { state: 'signed-out' }): void {
  started = null;
  publish(next);
}
