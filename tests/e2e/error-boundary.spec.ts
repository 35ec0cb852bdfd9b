// SPEC §2: every page is wrapped in an error boundary.
import { expect, test } from '@playwright/test';

test("a page whose chunk fails to load shows 'Component Load Error', the error, and 'Reload Page' recovers", async ({ page }) => {
  const aborted: string[] = [];
  await page.route('**/assets/HelpPage-*.js', (route) => {
    aborted.push(route.request().url());
    return route.abort();
  });
  await page.goto('/help');

  const boundary = page.getByRole('alert');
  await expect(boundary.getByRole('heading', { name: 'Component Load Error' })).toBeVisible();
  expect(aborted.length).toBeGreaterThan(0);
  // The browser's own message for a module that could not be fetched, naming the chunk.
  await expect(boundary).toContainText('Failed to fetch dynamically imported module');
  await expect(boundary).toContainText(new URL(aborted[0]!).pathname);
  // The shell around the page still works.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.unroute('**/assets/HelpPage-*.js');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload Page' }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByText('Component Load Error')).toHaveCount(0);
});

test('an error on one page does not stick: the next page renders', async ({ page }) => {
  await page.route('**/assets/HelpPage-*.js', (route) => route.abort());
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Component Load Error' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(page.getByText('Component Load Error')).toHaveCount(0);
});
