// Accounts against the real Auth and Firestore emulators (SPEC §2, §4, §8; issue 13 points
// 3–7): register → confirm the e-mail through the link the emulator "sent" → an administrator
// (made with the real `npm run admin -- grant`) approves → the waiting user gets in without
// a reload; a rejection signs the user out with the SPEC's toast.
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { adminCli, appLinkFor, clearEmulators, createAuthUser, lastEmailLink, signInAsAdmin, startTestEmulators, useEmulators, type Emulators } from './support/firebase';

test.describe.configure({ mode: 'serial' });
// Each step waits on the emulators (a Firestore round trip, the SDK's first load): on a loaded
// 2-core machine that is seconds, not the default 7 s budget.
const expect = baseExpect.configure({ timeout: 45_000 });

let emulators: Emulators;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000); // the Auth emulator takes 15 s idle, minutes on a loaded machine
  emulators = await startTestEmulators(testInfo.parallelIndex);
});

test.afterAll(async () => {
  await emulators?.stop();
});

test.beforeEach(async ({}, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 60_000);
  await clearEmulators(emulators);
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await useEmulators(context, emulators);
  return context.newPage();
}

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Display name').fill('Sam Surveyor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  // SPEC §5: the emulator has no password policy (501), so the default minimum of 6.
  await expect(page.getByRole('alert')).toHaveText('The password needs at least 6 characters.');
  await page.getByLabel('Password').fill('field-work-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/awaiting-approval$/);
  await expect(page.getByText('Your e-mail address is not confirmed yet.')).toBeVisible();
}

async function adminSession(browser: Browser): Promise<Page> {
  return signInAsAdmin(emulators, await freshPage(browser));
}

test('register, confirm the e-mail from its link, approval reaches the waiting user without a reload', async ({ browser }) => {
  test.setTimeout(300_000);
  const user = await freshPage(browser);
  await register(user, 'sam@example.com');

  // The account exists as email_pending, listed by the real admin command.
  expect(await adminCli(emulators, 'list')).toMatch(/sam@example\.com\s+email_pending\s+no/);

  // Taken e-mail: SPEC §8's clear message.
  const other = await freshPage(browser);
  await other.goto('/register');
  await other.getByLabel('Email').fill('sam@example.com');
  await other.getByLabel('Password').fill('another-pass');
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other.getByRole('alert')).toHaveText('An account with this e-mail already exists. Sign in instead, or use “Forgot password?”.');

  // The verification e-mail's link, opened on the app's /verify.
  const link = await lastEmailLink(emulators, 'sam@example.com', 'VERIFY_EMAIL');
  await user.goto(appLinkFor(link));
  await expect(user.getByText('Your e-mail address is confirmed.')).toBeVisible();
  await user.getByRole('link', { name: 'See where your account stands' }).click();
  await expect(user.getByText('An administrator has not approved your account yet')).toBeVisible();
  expect(await adminCli(emulators, 'list')).toMatch(/sam@example\.com\s+pending\s+yes/);

  // The administrator approves; the waiting page lets the user in by itself.
  const admin = await adminSession(browser);
  const row = admin.getByRole('row', { name: /sam@example\.com/ });
  await expect(row).toContainText('Waiting for approval');
  const navigations: string[] = [];
  user.on('framenavigated', (f) => f === user.mainFrame() && navigations.push(f.url()));
  await admin.getByRole('button', { name: 'Approve sam@example.com' }).click();
  await expect(admin.getByText('No accounts in this list.')).toBeVisible();

  await expect(user.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(navigations.filter((u) => !u.endsWith('/'))).toEqual([]); // no reload, only the in-app move to /
  await expect(user.getByText('Signed in as sam@example.com.')).toBeVisible();
  expect(await user.evaluate(() => localStorage.getItem('current_user_id'))).toMatch(/\w{10,}/);

  // Sign out (SPEC §4): the stored user id and lastSyncTime are removed.
  await user.evaluate(() => localStorage.setItem('lastSyncTime', new Date().toISOString()));
  await user.getByRole('button', { name: 'Sign out' }).click();
  await expect(user.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await user.evaluate(() => [localStorage.getItem('current_user_id'), localStorage.getItem('lastSyncTime')])).toEqual([null, null]);

  // A wrong password: SPEC §8's message.
  await user.getByLabel('Email').fill('sam@example.com');
  await user.getByLabel('Password').fill('not-the-password');
  await user.getByRole('button', { name: 'Sign in' }).click();
  await expect(user.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('The e-mail or password is wrong.');
});

test('a rejected user waiting for approval gets the SPEC toast, is signed out and sent to /welcome', async ({ browser }) => {
  test.setTimeout(300_000);
  const user = await freshPage(browser);
  await register(user, 'rita@example.com');
  await user.goto(appLinkFor(await lastEmailLink(emulators, 'rita@example.com', 'VERIFY_EMAIL')));
  await expect(user.getByText('Your e-mail address is confirmed.')).toBeVisible();
  await user.getByRole('link', { name: 'See where your account stands' }).click();
  await expect(user.getByText('An administrator has not approved your account yet')).toBeVisible();

  const admin = await adminSession(browser);
  await admin.getByRole('button', { name: 'Reject rita@example.com' }).click();

  const toast = user.getByRole('alert').filter({ hasText: 'Account Rejected' });
  await expect(toast).toContainText('Your account registration was not approved. Please contact support if you believe this is an error.');
  await expect(user).toHaveURL(/\/welcome$/);
  await expect(user.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await user.evaluate(() => localStorage.getItem('current_user_id'))).toBeNull();
});

test('Forgot password? sends a link whose /set-password page sets a new password', async ({ browser }) => {
  test.setTimeout(300_000);
  await createAuthUser(emulators, 'pat@example.com', 'old-password');
  const page = await freshPage(browser);
  await page.goto('/welcome');
  const form = page.getByRole('form', { name: 'Sign in' });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter your e-mail address above, then choose “Forgot password?” again.');
  await page.getByLabel('Email').fill('pat@example.com');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(form.getByRole('status')).toContainText('a link to set a new password is on its way');

  await page.goto(appLinkFor(await lastEmailLink(emulators, 'pat@example.com', 'PASSWORD_RESET'), '/set-password'));
  await expect(page.getByText('For pat@example.com.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The password needs at least 6 characters.');
  await page.getByLabel('New password', { exact: true }).fill('new-password-7');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();

  await page.goto('/welcome');
  await page.getByLabel('Email').fill('pat@example.com');
  await page.getByLabel('Password').fill('new-password-7');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});
