// SPEC §2 network banners: offline (orange, page pushed down 48 px) and back online
// (green, fades after 2 s, gone after 3 s).
import { expect, test } from '@playwright/test';
import { hueOf, mainTop, OFFLINE_TEXT, RESTORED_TEXT } from './support/app';

/**
 * Records, in page time, when the browser went online, when the green banner started to
 * fade (its opacity target became 0) and when it was removed; and samples its computed
 * opacity on every frame in between.
 */
function recordRestoredBanner(restoredText: string) {
  const log: { online?: number; faded?: number; removed?: number; opacities: number[] } = { opacities: [] };
  (window as unknown as { bannerLog: typeof log }).bannerLog = log;
  const findBanner = () =>
    [...document.querySelectorAll<HTMLElement>('[role="status"]')].find((el) => el.textContent?.includes(restoredText));
  const check = () => {
    if (log.online === undefined) return;
    const banner = findBanner();
    if (banner && banner.style.opacity === '0' && log.faded === undefined) log.faded = performance.now();
    if (!banner && log.faded !== undefined && log.removed === undefined) log.removed = performance.now();
  };
  const sample = () => {
    const banner = findBanner();
    if (banner) log.opacities.push(Number(getComputedStyle(banner).opacity));
    if (log.removed === undefined) requestAnimationFrame(sample);
  };
  window.addEventListener('online', () => {
    log.online = performance.now();
    requestAnimationFrame(sample);
  });
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

interface BannerLog {
  online: number;
  faded: number;
  removed: number;
  opacities: number[];
}

test('offline: an orange banner at the top and the page pushed down 48 px; online again: green, then gone', async ({ page, context }) => {
  await page.addInitScript(recordRestoredBanner, RESTORED_TEXT);
  await page.goto('/help');
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

  await context.setOffline(false);
  const restored = page.getByRole('status').filter({ hasText: RESTORED_TEXT });
  await expect(restored).toBeVisible();
  await expect(offline).toHaveCount(0);
  const restoredHue = hueOf(await restored.evaluate((el) => getComputedStyle(el).backgroundColor));
  expect(restoredHue, 'green').toBeGreaterThanOrEqual(90);
  expect(restoredHue, 'green').toBeLessThanOrEqual(160);
  expect(await mainTop(page)).toBeCloseTo(onlineTop, 0);

  await expect(restored).toHaveCount(0, { timeout: 6000 });
  const log = await page.evaluate(() => (window as unknown as { bannerLog: BannerLog }).bannerLog);
  const fadedAfter = log.faded - log.online;
  const removedAfter = log.removed - log.online;
  expect(fadedAfter, 'starts fading after 2 s').toBeGreaterThanOrEqual(1990);
  expect(fadedAfter).toBeLessThan(2900);
  expect(removedAfter, 'gone after 3 s').toBeGreaterThanOrEqual(2990);
  expect(removedAfter).toBeLessThan(4000);
  // A fade, not a jump: fully opaque at first, then partly transparent, never back up.
  expect(log.opacities[0]).toBe(1);
  expect(log.opacities.some((o) => o > 0.05 && o < 0.95)).toBe(true);
  expect(log.opacities.every((o, i) => i === 0 || o <= log.opacities[i - 1]!)).toBe(true);
});

test('if the banner cannot load, nothing shows and the page works', async ({ page, context }) => {
  const aborted: string[] = [];
  await page.route('**/assets/NetworkStatusBanner-*.js', (route) => {
    aborted.push(route.request().url());
    return route.abort();
  });
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect.poll(() => aborted.length).toBeGreaterThan(0);
  const top = await mainTop(page);

  await context.setOffline(true);
  await page.waitForTimeout(500);
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await expect(page.getByText('Component Load Error')).toHaveCount(0);
  expect(await mainTop(page)).toBe(top);

  await context.setOffline(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
});
