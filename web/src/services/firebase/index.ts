// The cloud service (Firebase Auth + Firestore). `cloud()` loads the SDK on first use — a
// separate chunk, never the first bundle — and returns one client for the whole app.
import { identityBase, resolveFirebaseTarget, type FirebaseTarget } from './config';
import type { CloudClient } from './types';

export type { AccountRecord, AccountStatus, CloudClient, CloudUser, CloudWrite, DocData } from './types';
export { EMULATOR_PROJECT_ID, mediaStorageAvailable, resolveFirebaseTarget } from './config';
export type { FirebaseTarget } from './config';
export { fetchPasswordPolicy, type PasswordPolicy } from './passwordPolicy';

let client: Promise<CloudClient> | null = null;

/** The cloud client, loading the Firebase SDK the first time. */
export function cloud(): Promise<CloudClient> {
  if (!client) {
    const target: FirebaseTarget = resolveFirebaseTarget();
    client = import('./client').then((m) => m.createClient(target));
    client.catch(() => {
      client = null; // a failed chunk load may succeed next time
    });
  }
  return client;
}

/** True once `cloud()` was called (the SDK is loading or loaded). */
export function cloudStarted(): boolean {
  return client !== null;
}

/** Uploads a medium to Firebase Storage (the SDK's storage part loads on first use). */
export async function uploadToFirebaseStorage(path: string, blob: Blob, contentType: string): Promise<string> {
  const client = await cloud();
  const { uploadToStorage } = await import('./mediaStorage');
  return uploadToStorage(client.target, path, blob, contentType);
}

export function identityServiceBase(): string {
  return identityBase(resolveFirebaseTarget());
}
