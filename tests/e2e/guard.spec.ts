// SPEC §2 protected content on a desktop browser: app_access, the welcome page, and no
// location-permission screen.
import { expect, test } from '@playwright/test';
import { readLocalStorage, seedLocalStorage } from './support/app';

for (const path of ['/', '/admin/accounts']) {
  test(`${path} without app_access sends the user to /welcome`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Clearway' })).toBeVisible();
  });
}

test("app_access other than 'true' is no access", async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'yes' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('the welcome button grants access, lands on / and is remembered', async ({ page, baseURL }) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Start using Clearway offline' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
  expect(await readLocalStorage(page, 'app_access')).toBe('true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
  await page.goto('/admin/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Account approvals' })).toBeVisible();
});

test('the welcome page links to registration and the information pages', async ({ page }) => {
  await page.goto('/welcome');
  for (const [name, heading] of [
    ['Create an account', 'Create an account'],
    ['Help', 'Help'],
    ['Privacy', 'Privacy'],
    ['Terms of use', 'Terms of use'],
  ] as const) {
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.goBack();
  }
});

test('a desktop browser never sees the location-permission screen', async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow location access' })).toHaveCount(0);
  expect(await readLocalStorage(page, 'permissions_requested')).toBeNull();
});
