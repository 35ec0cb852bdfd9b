// SPEC §2 permissions-request screen, on a phone (mobile user agent).
import { expect, test } from '@playwright/test';
import { MOBILE, readLocalStorage, seedLocalStorage } from './support/app';

test.use(MOBILE);

test.beforeEach(async ({ page }) => {
  // device_choice set: this suite is about the guard, not the device redirector.
  await seedLocalStorage(page, { app_access: 'true', device_choice: 'full' });
});

const settings = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1, name: 'Field workspace' });
const permissionScreen = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Allow location access' });

test('first launch shows the screen; it says why; Skip shows the content', async ({ page }) => {
  await page.goto('/');
  await expect(permissionScreen(page)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('GPS');
  await expect(settings(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(settings(page)).toBeVisible();
  expect(await readLocalStorage(page, 'permissions_requested')).toBe('true');
  expect(await readLocalStorage(page, 'gps_permission_granted')).toBeNull();
});

test('after Skip, the screen returns on the next launch while location is not granted', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(settings(page)).toBeVisible();
  await page.reload();
  await expect(permissionScreen(page)).toBeVisible();
});

test('Allow location access with location granted: content, flags set, no screen next time', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 8 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Allow location access' }).click();
  await expect(settings(page)).toBeVisible();
  expect(await readLocalStorage(page, 'gps_permission_granted')).toBe('true');
  expect(await readLocalStorage(page, 'permissions_requested')).toBe('true');

  await page.reload();
  await expect(settings(page)).toBeVisible();
  await expect(permissionScreen(page)).toHaveCount(0);
});

test('Allow location access when the browser refuses it: content, gps_permission_granted=false', async ({ page, context }) => {
  await context.clearPermissions();
  await page.goto('/');
  await page.getByRole('button', { name: 'Allow location access' }).click();
  await expect(settings(page)).toBeVisible();
  expect(await readLocalStorage(page, 'gps_permission_granted')).toBe('false');
  expect(await readLocalStorage(page, 'permissions_requested')).toBe('true');
});

test('granted before and asked before: straight to the content', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await seedLocalStorage(page, { permissions_requested: 'true' });
  await page.goto('/');
  await expect(settings(page)).toBeVisible();
  await expect(permissionScreen(page)).toHaveCount(0);
});

test('unguarded pages never show the screen', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(permissionScreen(page)).toHaveCount(0);
});
