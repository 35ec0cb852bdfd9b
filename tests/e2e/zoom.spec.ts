// SPEC §2: a saved zoom level, as a percentage, is applied to the page body at startup.
import { expect, test } from '@playwright/test';
import { readLocalStorage, seedLocalStorage } from './support/app';

/** Records document.body.style.zoom at the moment the app first renders into #root. */
function recordZoomAtFirstRender() {
  const record = window as unknown as { zoomAtFirstRender?: string };
  new MutationObserver((_records, observer) => {
    const root = document.getElementById('root');
    if (root?.firstChild) {
      record.zoomAtFirstRender = document.body.style.zoom;
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

const zoomAtFirstRender = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { zoomAtFirstRender?: string }).zoomAtFirstRender);

test('zoomLevel=150 zooms the body to 150% before the first render', async ({ page }) => {
  await page.addInitScript(recordZoomAtFirstRender);
  await seedLocalStorage(page, { zoomLevel: '150' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(await page.evaluate(() => document.body.style.zoom)).toBe('150%');
  expect(await zoomAtFirstRender(page)).toBe('150%');
});

test("a value saved with its % sign ('80%') works too", async ({ page }) => {
  await seedLocalStorage(page, { zoomLevel: '80%' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(await page.evaluate(() => document.body.style.zoom)).toBe('80%');
});

test('an unusable value is ignored', async ({ page }) => {
  await seedLocalStorage(page, { zoomLevel: '5000' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(await page.evaluate(() => document.body.style.zoom)).toBe('');
});

test("Settings' Display zoom applies at once and is kept for the next start", async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  const zoom = page.getByRole('combobox', { name: 'Display zoom' });
  await expect(zoom).toHaveValue('100');
  const before = await page.getByRole('heading', { level: 1, name: 'Field workspace' }).boundingBox();

  await zoom.selectOption({ label: '125%' });
  expect(await page.evaluate(() => document.body.style.zoom)).toBe('125%');
  expect(await readLocalStorage(page, 'zoomLevel')).toBe('125');
  const after = await page.getByRole('heading', { level: 1, name: 'Field workspace' }).boundingBox();
  expect(after!.height / before!.height).toBeCloseTo(1.25, 1);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Display zoom' })).toHaveValue('125');
  expect(await page.evaluate(() => document.body.style.zoom)).toBe('125%');
});
