// The real Firebase emulators for the account and sync suites: started once per worker on
// ports of their own (never `npm start`'s), torn down after; the app is pointed at them with
// its 'firebase_emulators' flag. Also the emulator-only REST calls the tests need: the
// e-mail links the Auth emulator "sent" (oobCodes), a user created directly, a clean slate.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type BrowserContext, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { startEmulators } from '../../../scripts/emulators.mjs';
import { seedLocalStorage } from './app';

export const PROJECT = 'demo-clearway';

export interface Emulators {
  auth: number;
  firestore: number;
  stop: () => Promise<void>;
}

export async function startTestEmulators(workerIndex: number): Promise<Emulators> {
  const auth = 9390 + workerIndex * 2;
  const firestore = 8390 + workerIndex * 2;
  const started = await startEmulators({ ports: { auth, firestore }, logDir: fileURLToPath(new URL(`../../test-results/emulators-${workerIndex}`, import.meta.url)) });
  return { auth, firestore, stop: () => started.stop() };
}

/** Points the app in `target` at the emulators (before any page script runs). */
export function useEmulators(target: Page | BrowserContext, e: Emulators) {
  return seedLocalStorage(target, {
    firebase_emulators: JSON.stringify({ auth: `127.0.0.1:${e.auth}`, firestore: `127.0.0.1:${e.firestore}` }),
  });
}

/** A request, tried once more when the emulator closed a kept-alive connection under it. */
async function call(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** Empties both emulators. */
export async function clearEmulators(e: Emulators) {
  await call(`http://127.0.0.1:${e.auth}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
  await call(`http://127.0.0.1:${e.firestore}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, { method: 'DELETE' });
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The last e-mail link of `requestType` the Auth emulator "sent" to `email`. */
export async function lastEmailLink(e: Emulators, email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<OobCode> {
  const res = await call(`http://127.0.0.1:${e.auth}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const mine = oobCodes.filter((c) => c.email === email && c.requestType === requestType);
  const last = mine[mine.length - 1];
  if (!last) throw new Error(`the Auth emulator sent no ${requestType} e-mail to ${email}`);
  return last;
}

/** The app's page for an e-mail link: the emulator's oobLink query string on our /verify. */
export function appLinkFor(oob: OobCode, path = '/verify'): string {
  return `${path}${new URL(oob.oobLink).search}`;
}

/** Creates a user directly (no account record): what an administrator account starts as. */
export async function createAuthUser(e: Emulators, email: string, password: string): Promise<string> {
  const res = await call(`http://127.0.0.1:${e.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId?: string };
  if (!body.localId) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  return body.localId;
}

/** Runs the real `npm run admin` command against the test emulators. */
export async function adminCli(e: Emulators, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node', [fileURLToPath(new URL('../../../scripts/admin.mjs', import.meta.url)), ...args], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${e.auth}`,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${e.firestore}`,
    },
  });
  return stdout;
}

/**
 * Makes boss@example.com an administrator with the real `npm run admin -- grant`, signs them
 * in on `page` (already pointed at the emulators) and opens /admin/accounts.
 */
export async function signInAsAdmin(e: Emulators, page: Page): Promise<Page> {
  await createAuthUser(e, 'boss@example.com', 'admin-pass-1');
  expect(await adminCli(e, 'grant', 'boss@example.com')).toContain('is now an administrator');
  await page.goto('/welcome');
  await page.getByLabel('Email').fill('boss@example.com');
  await page.getByLabel('Password').fill('admin-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible({ timeout: 45_000 });
  await page.goto('/admin/accounts');
  return page;
}
