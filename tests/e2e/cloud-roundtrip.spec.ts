// Issue 13's whole flow in one run, against the real Auth and Firestore emulators: a surveyor
// registers, confirms the e-mail through the link the emulator "sent", an administrator
// (made with the real `npm run admin -- grant`) approves, the surveyor records a survey,
// the outbox uploads it by itself, and on a second browser profile 'Import from cloud'
// brings the survey back with its measurements.
import { expect as baseExpect, test, type Browser, type BrowserContext } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { appLinkFor, lastEmailLink, signInAsAdmin, startTestEmulators, useEmulators, type Emulators } from './support/firebase';
import { createSurvey, listedRows, saveMeasurement, summaryValue, surveySection } from './support/survey';

test.describe.configure({ mode: 'serial' });
// Every step waits on the emulators or the SDK's first load: seconds on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 60_000 });
const EMAIL = 'ana@example.com';
const PASSWORD = 'field-work-42';

let emulators: Emulators;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  // Ports of their own (index + 14), beside the accounts, import and sync suites.
  emulators = await startTestEmulators(testInfo.parallelIndex + 14);
});
test.afterAll(async () => {
  await emulators?.stop();
});

async function profile(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await useEmulators(context, emulators);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 8 });
  return context;
}

test('register → confirm by e-mail link → approved → survey → synced by itself → imported on another profile', async ({ browser }) => {
  test.setTimeout(600_000);
  // Register and confirm the e-mail.
  const device = await (await profile(browser)).newPage();
  await device.goto('/register');
  await device.getByLabel('Display name').fill('Ana Surveyor');
  await device.getByLabel('Email').fill(EMAIL);
  await device.getByLabel('Password').fill(PASSWORD);
  await device.getByRole('button', { name: 'Create account' }).click();
  await expect(device).toHaveURL(/\/awaiting-approval$/);
  await device.goto(appLinkFor(await lastEmailLink(emulators, EMAIL, 'VERIFY_EMAIL')));
  await expect(device.getByText('Your e-mail address is confirmed.')).toBeVisible();
  await device.getByRole('link', { name: 'See where your account stands' }).click();
  await expect(device.getByText('An administrator has not approved your account yet')).toBeVisible();

  // An administrator approves; the waiting surveyor gets in.
  const admin = await signInAsAdmin(emulators, await (await profile(browser)).newPage());
  await admin.getByRole('button', { name: `Approve ${EMAIL}` }).click();
  await expect(device.getByText(`Signed in as ${EMAIL}.`)).toBeVisible();

  // A survey with two measurements: the outbox uploads them with no 'Sync now'.
  await createSurvey(device, { title: 'A20 clearances', surveyor: 'Ana', client: 'Hydro' });
  await saveMeasurement(device, { height: '4.82', type: 'Bridge' });
  await saveMeasurement(device, { height: '5.10', type: 'Power line' });
  const rows = await listedRows(device);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  await expect(device.getByRole('status', { name: 'Sync progress' })).toHaveText(`${rows.length} of ${rows.length} synced`);

  // Another browser profile: sign in, import, load: the same survey and measurements.
  const other = await (await profile(browser)).newPage();
  await seedLocalStorage(other, { app_access: 'true' });
  await other.goto('/');
  const signIn = other.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(EMAIL);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByText(`Signed in as ${EMAIL}.`)).toBeVisible();
  await surveySection(other).getByRole('button', { name: 'Import from cloud' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Import completed successfully' })).toContainText(`1 new survey`);
  await surveySection(other).getByRole('button', { name: 'Load survey' }).click();
  await other.getByRole('region', { name: 'Previous surveys' }).getByRole('button', { name: 'Load survey A20 clearances' }).click();
  await expect(summaryValue(other, 'Survey title')).toHaveText('A20 clearances');
  await expect.poll(async () => (await listedRows(other)).length).toBe(rows.length);
  const imported = (await listedRows(other)).join('\n');
  expect(imported).toContain('4.82');
  expect(imported).toContain('5.10');
});
