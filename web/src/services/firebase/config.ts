// Which Firebase the app talks to, decided by configuration only (README "Firebase"):
// - a real project when the build has VITE_FIREBASE_CONFIG (the web app's config object as
//   JSON, from the Firebase console; put it in web/.env.local, never in the repository);
// - otherwise the local emulators of `npm start`, project `demo-clearway`, on the ports of
//   firebase/firebase.json (a device may point elsewhere with the 'firebase_emulators' flag).
// No Firebase import here: this module is in the first bundle, the SDK is not.
import { readFlag } from '../storage/localFlags';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  appId?: string;
  messagingSenderId?: string;
}

export type FirebaseTarget =
  | { kind: 'project'; config: FirebaseWebConfig }
  | { kind: 'emulator'; config: FirebaseWebConfig; auth: string; firestore: { host: string; port: number } };

export const EMULATOR_PROJECT_ID = 'demo-clearway';
const DEFAULT_AUTH = '127.0.0.1:9099';
const DEFAULT_FIRESTORE = '127.0.0.1:8080';

function hostPort(text: unknown, fallback: string): { host: string; port: number } {
  const value = typeof text === 'string' && /^[\w.-]+:\d{1,5}$/.test(text) ? text : fallback;
  const [host, port] = value.split(':');
  return { host, port: Number(port) };
}

/** Reads the build's configuration; `raw` is VITE_FIREBASE_CONFIG (tests pass their own). */
export function resolveFirebaseTarget(raw: string | undefined = import.meta.env.VITE_FIREBASE_CONFIG): FirebaseTarget {
  if (raw && raw.trim() !== '') {
    const config = JSON.parse(raw) as FirebaseWebConfig;
    if (typeof config.apiKey !== 'string' || typeof config.projectId !== 'string') {
      throw new Error('VITE_FIREBASE_CONFIG must be the web app config object with apiKey and projectId');
    }
    return { kind: 'project', config };
  }
  let override: Record<string, unknown> = {};
  try {
    override = JSON.parse(readFlag('firebase_emulators') ?? '{}') as Record<string, unknown>;
  } catch {
    override = {};
  }
  const auth = hostPort(override.auth, DEFAULT_AUTH);
  return {
    kind: 'emulator',
    // The emulators accept any API key; a demo-* project never reaches a real service.
    config: { apiKey: 'demo-api-key', projectId: EMULATOR_PROJECT_ID, authDomain: `${EMULATOR_PROJECT_ID}.firebaseapp.com` },
    auth: `http://${auth.host}:${auth.port}`,
    firestore: hostPort(override.firestore, DEFAULT_FIRESTORE),
  };
}

/** The identity service's base URL (for the password policy request of SPEC §7). */
export function identityBase(target: FirebaseTarget): string {
  return target.kind === 'emulator'
    ? `${target.auth}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
}

/**
 * The Storage emulator named in the 'firebase_emulators' flag (`{"storage": "127.0.0.1:9199"}`),
 * or null: firebase-tools' Storage emulator cannot start on a machine without internet
 * (docs/sync-media.md), so the local default has none.
 */
export function emulatorStorage(): { host: string; port: number } | null {
  try {
    const value = (JSON.parse(readFlag('firebase_emulators') ?? '{}') as Record<string, unknown>).storage;
    if (typeof value !== 'string' || !/^[\w.-]+:\d{1,5}$/.test(value)) return null;
    const [host, port] = value.split(':');
    return { host, port: Number(port) };
  } catch {
    return null;
  }
}

/** Whether media can go to Firebase Storage: a real project, or emulators with a Storage emulator. */
export function mediaStorageAvailable(target: FirebaseTarget = resolveFirebaseTarget()): boolean {
  return target.kind !== 'emulator' || emulatorStorage() !== null;
}
