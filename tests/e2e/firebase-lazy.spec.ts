// The Firebase SDK is never in the first bundle (ARCHITECTURE.md, issue 13 point 1): a visitor
// who never signed in on this device does not download it; signing in does.
import { expect, test } from '@playwright/test';

test('the Firebase SDK chunk loads only when someone signs in', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/welcome');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const sdk = (s: string) => /\/assets\/client-[\w-]+\.js$/.test(s);
  expect(scripts.filter(sdk)).toEqual([]);

  await page.goto('/welcome');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password').fill('whatever-1');
  const chunk = page.waitForRequest((r) => sdk(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await chunk;
});
