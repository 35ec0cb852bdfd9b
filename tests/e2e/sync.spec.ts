// Issue 13 point 9 against the real Firestore and Auth emulators: 500 measurements saved
// offline, then online; the browser is SIGKILLed mid-sync (after the server committed the
// first batch of 450 and while the rest is held back, as a dropped connection would) and
// restarted on the same profile. The emulator then holds exactly 500 measurement documents
// with the values saved, and every local record is synced (docs/sync.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type BrowserContext, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { PROJECT, clearEmulators, createAuthUser, startTestEmulators, useEmulators, type Emulators } from './support/firebase';
import { browserMainPid, killBrowser, launchProfile, waitProfileFree } from './support/killableBrowser';
import { idbMeasurements, idbRows, idbSurveys, openBlankPage, serveBlankPage } from './support/storedData';
import { createSurvey, saveMeasurement } from './support/survey';

test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 60_000 });
const COUNT = 500;
const FIRST_BATCH = 450;

let emulators: Emulators;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  // Ports of their own (index + 7), so the accounts suite can run beside this one.
  emulators = await startTestEmulators(testInfo.parallelIndex + 7);
});
test.afterAll(async () => {
  await emulators?.stop();
});

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };
const docsUrl = (e: Emulators) => `http://127.0.0.1:${e.firestore}/v1/projects/${PROJECT}/databases/(default)/documents`;

/** A user with a verified e-mail and an approved account (what registration + approval leave). */
async function approvedUser(e: Emulators, email: string, password: string): Promise<string> {
  const uid = await createAuthUser(e, email, password);
  const verified = await fetch(`http://127.0.0.1:${e.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!verified.ok) throw new Error(`accounts:update ${verified.status}`);
  const account = await fetch(`${docsUrl(e)}/accounts/${uid}`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields: { authUid: { stringValue: uid }, email: { stringValue: email }, status: { stringValue: 'approved' } } }),
  });
  if (!account.ok) throw new Error(`account ${account.status}`);
  return uid;
}

type RestValue = { stringValue?: string; doubleValue?: number; integerValue?: string; nullValue?: null; booleanValue?: boolean };
interface CloudDoc {
  id: string;
  fields: Record<string, RestValue>;
}

/** Every document of a collection, read with the emulator's owner access (rules bypassed). */
async function cloudDocs(e: Emulators, collection: string): Promise<CloudDoc[]> {
  const out: CloudDoc[] = [];
  let pageToken = '';
  do {
    const res = await fetch(`${docsUrl(e)}/${collection}?pageSize=300${pageToken ? `&pageToken=${pageToken}` : ''}`, { headers: OWNER });
    const body = (await res.json()) as { documents?: { name: string; fields: Record<string, RestValue> }[]; nextPageToken?: string };
    for (const d of body.documents ?? []) out.push({ id: d.name.split('/').pop() as string, fields: d.fields });
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return out;
}

/**
 * Types a height into the capture form and taps 'Save measurement', `count` times, inside the
 * page (a Playwright round trip per keystroke would take minutes for 500): the real form and
 * the real save path, each save waited for until the form acknowledges it (data-saved-id).
 */
function tapSaves(page: Page, first: number, count: number): Promise<number> {
  return page.evaluate(
    async ({ first, count }) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save measurement') as HTMLButtonElement;
      const form = button.form as HTMLFormElement;
      const input = [...form.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent?.startsWith('Height')) as HTMLInputElement;
      const outcome = form.querySelector('.capture__outcome') as HTMLElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void;
      const until = (ok: () => boolean) =>
        new Promise<void>((resolve, reject) => {
          const started = performance.now();
          const check = () => (ok() ? resolve() : performance.now() - started > 30_000 ? reject(new Error('no acknowledgement in 30 s')) : setTimeout(check, 5));
          check();
        });
      let saved = 0;
      for (let i = first; i < first + count; i += 1) {
        const before = outcome.getAttribute('data-saved-id');
        setValue.call(input, (3 + i / 1000).toFixed(3));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await until(() => !button.disabled);
        button.click();
        await until(() => outcome.getAttribute('data-saved-id') !== before && outcome.getAttribute('data-saved-id') !== null && !button.disabled);
        saved += 1;
      }
      return saved;
    },
    { first, count },
  );
}

const num = (v: RestValue | undefined) => (v?.doubleValue ?? (v?.integerValue !== undefined ? Number(v.integerValue) : undefined));

/**
 * Holds back every commit to Firestore (the REST `documents:commit` the sync uses) that would
 * take the measurement documents written past `allowed`: the rest of the upload never reaches
 * the server, as with a connection dropped mid-sync. Writes of other documents (the survey)
 * go through.
 */
async function holdMeasurementsAfter(context: BrowserContext, allowed: number): Promise<{ passed: () => number }> {
  let passed = 0;
  await context.route(/\/documents:commit$/, async (route) => {
    const body = route.request().postData() ?? '';
    const writes = (body.match(/documents\/measurements\//g) ?? []).length;
    if (writes === 0) return route.continue();
    if (passed + writes > allowed) return; // never answered: the browser dies with it pending
    passed += writes;
    return route.continue();
  });
  return { passed: () => passed };
}

test('500 measurements saved offline reach the emulator exactly once, across a kill mid-sync', async ({ playwright, baseURL }, testInfo) => {
  test.setTimeout(900_000);
  await clearEmulators(emulators);
  await approvedUser(emulators, 'sync@example.com', 'field-work-42');
  const userDataDir = mkdtempSync(join(tmpdir(), 'clearway-sync-'));
  const profile = { browserType: playwright.chromium, launchOptions: testInfo.project.use.launchOptions ?? {}, userDataDir, baseURL: baseURL as string };
  const open = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await launchProfile(profile);
    await seedLocalStorage(context, { app_access: 'true' });
    await useEmulators(context, emulators);
    await serveBlankPage(context);
    return { context, page: context.pages()[0] ?? (await context.newPage()) };
  };
  try {
    // Sign in, create a survey.
    let { context, page } = await open();
    await page.goto('/welcome');
    await page.getByLabel('Email').fill('sync@example.com');
    await page.getByLabel('Password').fill('field-work-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.goto('/');
    await createSurvey(page, { title: 'A12 sync run', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
    const progress = page.getByRole('status', { name: 'Sync progress' });
    await expect(progress).toHaveText('1 of 1 synced'); // the survey's START measurement, online

    // Offline: 500 measurements, each acknowledged by the app.
    await context.setOffline(true);
    const heights = new Map<string, number>();
    await saveMeasurement(page, { height: '3.000' });
    expect(await tapSaves(page, 1, COUNT - 2)).toBe(COUNT - 2);
    await expect(progress).toHaveText(`1 of ${COUNT} synced`);
    await expect(page.getByText('Offline: the changes will upload when the connection returns.')).toBeVisible();
    expect((await cloudDocs(emulators, 'measurements')).length).toBe(1);

    // Online: the first batch of 450 is let through; the rest is held; the browser is killed.
    const held = await holdMeasurementsAfter(context, FIRST_BATCH);
    await context.setOffline(false);
    await expect.poll(async () => (await cloudDocs(emulators, 'measurements')).length, { timeout: 120_000, intervals: [250] }).toBe(FIRST_BATCH + 1);
    expect(held.passed()).toBe(FIRST_BATCH);
    await killBrowser(context, browserMainPid(userDataDir), userDataDir);

    // Restarted on the same profile: the sync resumes by itself.
    ({ context, page } = await open());
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Sync progress' })).toHaveText(`${COUNT} of ${COUNT} synced`, { timeout: 180_000 });
    await openBlankPage(page);
    const surveyId = (await idbSurveys(page)).find((s) => s.surveyTitle === 'A12 sync run')?.id as string;
    const local = await idbMeasurements(page, surveyId);
    expect(local).toHaveLength(COUNT);
    for (const m of local) heights.set(m.id, m.rel as number);
    const all = (await idbRows(page, 'measurements')) as { id: string; cloudUploadStatus?: unknown }[];
    expect(all.filter((m) => m.cloudUploadStatus !== 'synced').map((m) => m.id)).toEqual([]);
    // Nothing of the survey and its measurements waits (the vehicle trace keeps recording while
    // the survey is open: its newest points may be queued for the next run).
    const waiting = (await idbRows(page, 'outbox')) as { store: string }[];
    expect(waiting.filter((entry) => entry.store === 'measurements' || entry.store === 'surveys')).toEqual([]);

    const cloud = await cloudDocs(emulators, 'measurements');
    expect(cloud).toHaveLength(COUNT);
    const wrong = cloud.filter((d) => d.fields.user_id?.stringValue !== surveyId || num(d.fields.rel) !== heights.get(d.id));
    expect(wrong.map((d) => d.id)).toEqual([]);
    // The values typed: 0 for the START measurement, then 3.000 … 3.498.
    expect([...heights.values()].sort((a, b) => a - b).slice(0, 3)).toEqual([0, 3, 3.001]);
    // The survey's merge update is the run's last step for it (after the status line counted the
    // measurements acknowledged): wait for it.
    const cloudSurvey = async () => (await cloudDocs(emulators, 'surveys')).find((d) => d.id === surveyId);
    await expect.poll(async () => num((await cloudSurvey())?.fields.measurementsSynced)).toBe(COUNT);
    const survey = await cloudSurvey();
    expect(survey?.fields.lastSyncedAt?.stringValue).toMatch(/^\d{4}-\d\d-\d\dT/);
    await context.close();
  } finally {
    await waitProfileFree(userDataDir).catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
