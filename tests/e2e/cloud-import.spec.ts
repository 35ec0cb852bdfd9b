// 'Import from cloud' (issue 13 point 11; SPEC §4, §5, §7, §8) against the real Auth and
// Firestore emulators: a user's surveys, written to the cloud in SPEC §7's shapes (the survey
// by id with ownerId, measurements by id with the survey id in user_id as the upload writes
// them, pois with surveyId as the import reads them), come back on a fresh browser profile,
// inactive and synced, once; signed out or offline, and with nothing in the cloud, the
// SPEC's toasts. The cloud is seeded with firebase-admin, as another device would have left it.
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearEmulators, PROJECT, startTestEmulators, useEmulators, type Emulators } from './support/firebase';
import { openSettings } from './support/gpsPanel';
import { listedRows, summaryValue, surveySection } from './support/survey';

test.describe.configure({ mode: 'serial' });
// Each step waits on the emulators and the SDK's first load: seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 45_000 });

let emulators: Emulators;
let admin: App;
let db: Firestore;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  emulators = await startTestEmulators(testInfo.parallelIndex);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulators.auth}`;
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulators.firestore}`;
  admin = initializeApp({ projectId: PROJECT }, `cloud-import-${testInfo.parallelIndex}`);
  db = getFirestore(admin);
});

test.afterAll(async () => {
  await emulators?.stop();
});

test.beforeEach(async ({}, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 120_000);
  await clearEmulators(emulators);
});

/** An approved user with a verified e-mail (what registration + approval leave). */
async function approvedUser(email: string, password: string): Promise<string> {
  const user = await getAuth(admin).createUser({ email, password, emailVerified: true });
  await db.collection('accounts').doc(user.uid).set({ authUid: user.uid, email, status: 'approved', createdAt: '2026-03-01T08:00:00.000Z' });
  return user.uid;
}

/** What another device's sync left in the cloud for `uid` (SPEC §7 shapes). */
async function seedCloud(uid: string) {
  const synced = '2026-03-02T09:00:00.000Z';
  const batch = db.batch();
  const survey = (id: string, title: string, createdAt: string) =>
    batch.set(db.collection('surveys').doc(id), {
      id, ownerId: uid, surveyTitle: title, name: title, surveyorName: 'Sam Surveyor', surveyor: 'Sam Surveyor',
      clientName: 'Roads Ltd', customerName: 'Roads Ltd', createdAt, active: true, enableVehicleTrace: true,
      enableAlertLog: true, outputFiles: ['CSV', 'JSON', 'GeoJSON'], checklistCompleted: false,
      cloudUploadStatus: 'synced', lastSyncedAt: synced, measurementsSynced: 2,
    });
  survey('survey-a7', 'A7 bridges', '2026-03-01T09:00:00.000Z');
  survey('survey-m4', 'M4 gantries', '2026-03-01T10:00:00.000Z');
  const measurement = (id: string, surveyId: string, rel: number, poiNumber: number, note: string) =>
    batch.set(db.collection('measurements').doc(id), {
      id, user_id: surveyId, ownerId: uid, rel, latitude: 45.5, longitude: -73.56, utcDate: '2026-03-01', utcTime: '09:1' + poiNumber + ':00',
      roadNumber: '1', poiNumber, poi_type: 'bridge', note, source: 'manual', createdAt: `2026-03-01T09:1${poiNumber}:00.000Z`, lastSyncedAt: synced,
    });
  measurement('m-a7-1', 'survey-a7', 4.85, 1, 'SURVEY START');
  measurement('m-a7-2', 'survey-a7', 5.12, 2, 'rail bridge');
  const poi = (id: string, surveyId: string, height: number, poiNumber: number, note: string) =>
    batch.set(db.collection('pois').doc(id), {
      id, surveyId, ownerId: uid, height, altitude: 30, latitude: 45.51, longitude: -73.55, date: '2026-03-01', time: '10:0' + poiNumber + ':00',
      speed: 0, heading: 90, roadNumber: '2', poiNumber, poiType: 'wire', note, imageUrl: '', createdAt: `2026-03-01T10:0${poiNumber}:00.000Z`,
    });
  poi('p-a7-3', 'survey-a7', 6.3, 3, 'power line');
  poi('m-a7-2', 'survey-a7', 1.0, 2, 'same id as an uploaded measurement'); // one record, not two
  poi('p-m4-1', 'survey-m4', 5.5, 1, 'gantry north');
  poi('p-m4-2', 'survey-m4', 5.6, 2, 'gantry south');
  // Someone else's survey: never imported.
  batch.set(db.collection('surveys').doc('survey-other'), { id: 'survey-other', ownerId: 'someone-else', surveyTitle: 'Not yours' });
  await batch.commit();
}

async function freshWorkspace(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await useEmulators(context, emulators);
  const page = await context.newPage();
  await openSettings(page);
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

const importButton = (page: Page) => surveySection(page).getByRole('button', { name: 'Import from cloud' });
const toastTitled = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

test("a survey made on another device comes back with its measurements and POIs, inactive and synced, once", async ({ browser }) => {
  test.setTimeout(300_000);
  const uid = await approvedUser('sam@example.com', 'field-work-42');
  await seedCloud(uid);

  const page = await freshWorkspace(browser);
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();
  await signIn(page, 'sam@example.com', 'field-work-42');
  await importButton(page).click();
  await expect(toastTitled(page, 'Importing surveys from cloud...')).toBeVisible();
  // 2 surveys; A7: 2 measurements + 1 POI (the POI sharing a measurement's id is the same record); M4: 2 POIs.
  await expect(toastTitled(page, 'Import completed successfully')).toContainText('2 new surveys and 5 new POIs imported.');
  // Imported surveys arrive inactive (SPEC §4).
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();

  // Stored as synced and inactive in the device's own store (loading one below makes it
  // active: a local change, which the outbox queues again).
  const storedStatus = () =>
    page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('clearway');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('surveys').objectStore('surveys').getAll();
            req.onsuccess = () => resolve((req.result as { id: string; cloudUploadStatus: unknown }[]).map((s) => [s.id, s.cloudUploadStatus]).sort());
          };
        }),
    );
  expect(await storedStatus()).toEqual([
    ['survey-a7', 'synced'],
    ['survey-m4', 'synced'],
  ]);

  await surveySection(page).getByRole('button', { name: 'Load survey' }).click();
  const picker = page.getByRole('region', { name: 'Previous surveys' });
  await expect(picker.getByRole('listitem')).toHaveCount(2);
  await expect(picker).not.toContainText('active');
  await expect(picker).not.toContainText('Not yours');
  await picker.getByRole('button', { name: 'Load survey A7 bridges' }).click();
  await expect(summaryValue(page, 'Survey title')).toHaveText('A7 bridges');
  await expect.poll(async () => (await listedRows(page)).length).toBe(3);
  const rows = (await listedRows(page)).join('\n');
  expect(rows).toContain('rail bridge');
  expect(rows).toContain('power line');
  expect(rows).not.toContain('same id as an uploaded measurement');
  // Loaded (now active: a local change), A7 goes up again by itself and is synced once more.
  await expect.poll(storedStatus, { timeout: 60_000 }).toEqual([
    ['survey-a7', 'synced'],
    ['survey-m4', 'synced'],
  ]);

  // A second import (after a reload, a new cache) duplicates nothing.
  await page.reload();
  await importButton(page).click();
  await expect(toastTitled(page, 'Import completed successfully')).toContainText('0 new surveys and 0 new POIs imported.');
  await expect.poll(async () => (await listedRows(page)).length).toBe(3);
});

test('signed out, or offline: Authentication required; nothing in the cloud: No surveys found', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await freshWorkspace(browser);
  await importButton(page).click();
  const auth = page.getByRole('alert').filter({ hasText: 'Authentication required' });
  await expect(auth).toContainText('Please sign in to import surveys from the cloud');

  await approvedUser('nia@example.com', 'field-work-43');
  await signIn(page, 'nia@example.com', 'field-work-43');
  await expect(auth).toHaveCount(0); // the first toast has gone (5 s)
  // Signed in but offline: still no import (SPEC §5 "needs sign-in and an online connection").
  await page.context().setOffline(true);
  await importButton(page).click();
  await expect(auth).toContainText('Please sign in to import surveys from the cloud');
  await expect(toastTitled(page, 'Importing surveys from cloud...')).toHaveCount(0);

  await page.context().setOffline(false);
  await importButton(page).click();
  await expect(toastTitled(page, 'No surveys found in the cloud')).toBeVisible();
});
