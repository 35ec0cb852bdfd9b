// The device redirector (docs/app-shell.md): a phone at / with no device_choice goes to
// /mobile-select, which stores the choice.
import { expect, test } from '@playwright/test';
import { MOBILE, readLocalStorage, seedLocalStorage } from './support/app';

test.describe('on a phone', () => {
  test.use(MOBILE);

  test.beforeEach(async ({ page, context }) => {
    // Past the guard's permission screen, so only the redirector decides.
    await context.grantPermissions(['geolocation']);
    await seedLocalStorage(page, { app_access: 'true', permissions_requested: 'true' });
  });

  test('/ with no device choice goes to /mobile-select', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/mobile-select$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose the app for this device' })).toBeVisible();
  });

  test("'Full survey app' stores device_choice=full and opens /, which then stays", async ({ page, baseURL }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Full survey app' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
    expect(await readLocalStorage(page, 'device_choice')).toBe('full');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test("'Companion app' stores device_choice=companion and opens /slave", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Companion app' }).click();
    await expect(page).toHaveURL(/\/slave$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Companion app' })).toBeVisible();
    expect(await readLocalStorage(page, 'device_choice')).toBe('companion');
  });

  test('other pages are left alone', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/help');
  });

  test('if the redirector cannot load, nothing happens and / works', async ({ page }) => {
    const aborted: string[] = [];
    await page.route('**/assets/DeviceRedirector-*.js', (route) => {
      aborted.push(route.request().url());
      return route.abort();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
    await expect.poll(() => aborted.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText('Component Load Error')).toHaveCount(0);
  });
});

test('a desktop browser stays at / without a device choice', async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/');
});
