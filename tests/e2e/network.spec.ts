// SPEC §2 network banners: offline (orange, page pushed down 48 px) and back online
// (green, fades after 2 s, gone after 3 s). The 2 s and 3 s are read on Playwright's clock,
// paused while the banner shows, so a slow machine cannot move them.
import { expect, test } from '@playwright/test';
import { hueOf, mainTop, OFFLINE_TEXT, RESTORED_TEXT } from './support/app';

test('offline: an orange banner at the top and the page pushed down 48 px; online again: green, then gone', async ({ page, context }) => {
  await page.clock.install();
  // The banner's own chunk is in before the connection goes (on a visit after the first, the
  // service worker serves it offline too).
  const bannerChunk = page.waitForResponse(/\/assets\/NetworkStatusBanner-[\w-]+\.js$/);
  await page.goto('/help');
  await bannerChunk;
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const onlineTop = await mainTop(page);

  await context.setOffline(true);
  const offline = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
  await expect(offline).toBeVisible();
  await expect(offline).toHaveText(OFFLINE_TEXT);
  const offlineHue = hueOf(await offline.evaluate((el) => getComputedStyle(el).backgroundColor));
  expect(offlineHue, 'orange').toBeGreaterThanOrEqual(15);
  expect(offlineHue, 'orange').toBeLessThanOrEqual(45);
  const box = await offline.boundingBox();
  expect(box?.y).toBe(0);
  expect(box?.height).toBe(48);
  expect((await mainTop(page)) - onlineTop).toBeCloseTo(48, 0);

  // From here on the page's time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await context.setOffline(false);
  const restored = page.getByRole('status').filter({ hasText: RESTORED_TEXT });
  await expect(restored).toBeVisible();
  await expect(offline).toHaveCount(0);
  const restoredHue = hueOf(await restored.evaluate((el) => getComputedStyle(el).backgroundColor));
  expect(restoredHue, 'green').toBeGreaterThanOrEqual(90);
  expect(restoredHue, 'green').toBeLessThanOrEqual(160);
  expect(await mainTop(page)).toBeCloseTo(onlineTop, 0);
  await expect(restored).toHaveCSS('opacity', '1');

  // Fully opaque until 2 s, then fading: its opacity goes to 0 through a transition.
  await page.clock.runFor(1999);
  await expect(restored).toHaveCSS('opacity', '1');
  await page.clock.runFor(1);
  await expect(restored).toHaveAttribute('style', /opacity: 0/);
  const transition = await restored.evaluate((el) => {
    const style = getComputedStyle(el);
    return { property: style.transitionProperty, seconds: parseFloat(style.transitionDuration) };
  });
  expect(transition.property, 'a fade, not a jump').toMatch(/opacity|all/);
  expect(transition.seconds, 'a fade, not a jump').toBeGreaterThan(0);

  // Still there until 3 s, then gone.
  await page.clock.runFor(999);
  await expect(restored).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(restored).toHaveCount(0);
});

test('if the banner cannot load, nothing shows and the page works', async ({ page, context }) => {
  const aborted: string[] = [];
  await page.route('**/assets/NetworkStatusBanner-*.js', (route) => {
    aborted.push(route.request().url());
    return route.abort();
  });
  // The shell's silent boundary says when it gave the banner up (then it can never show).
  const givenUp = page.waitForEvent('console', (message) => message.text().includes('An optional part of the app failed to load'));
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect.poll(() => aborted.length).toBeGreaterThan(0);
  await givenUp;
  const top = await mainTop(page);

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await expect(page.getByText('Component Load Error')).toHaveCount(0);
  expect(await mainTop(page)).toBe(top);

  await context.setOffline(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
});
