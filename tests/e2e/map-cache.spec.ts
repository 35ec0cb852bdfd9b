// Issue 12 point 3, online basemap: with the 'Map style URL' set, the service worker keeps the
// style and the tiles the surveyor viewed (its map cache), so the same view draws again with
// no signal; a 206 (Range) answer is never kept. The style server is a separate origin on
// 127.0.0.1 serving real Monaco tiles (scripts/ensure-tools.sh tiles).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { jumpTo, mapCanvas, MONACO_PMTILES, rendered } from './support/map';
import { serveStyle, type StyleServer } from './support/styleServer';

test.use({ serviceWorkers: 'allow' });
test.setTimeout(240_000);
const TILES = { timeout: 60_000 };
const MONACO: [number, number] = [7.4246, 43.7384];

let styles: StyleServer;
test.beforeAll(async () => {
  execFileSync('bash', [fileURLToPath(new URL('../../scripts/ensure-tools.sh', import.meta.url)), 'tiles'], { stdio: 'inherit' });
  styles = await serveStyle(MONACO_PMTILES);
});
test.afterAll(async () => styles?.close());

/** The URLs in the named cache, with their status. */
async function cached(page: Page, name: string): Promise<{ url: string; status: number }[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    const out: { url: string; status: number }[] = [];
    for (const request of await cache.keys()) out.push({ url: request.url, status: (await cache.match(request))?.status ?? 0 });
    return out;
  }, name);
}

const basemapFeatures = async (page: Page) => (await rendered(page)).filter((f) => f.source === 'protomaps').length;

test('the online style’s tiles are kept as viewed and drawn again offline; a 206 is never kept', async ({ page, context }) => {
  await seedLocalStorage(page, { app_access: 'true', gps_failsafe_enabled: 'false' });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), TILES).toBe(true);

  await page.getByLabel('Map style URL').fill(styles.styleUrl);
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'url');
  await jumpTo(page, MONACO, 14);
  await expect.poll(() => basemapFeatures(page), TILES).toBeGreaterThan(0);
  const viewed = await basemapFeatures(page);

  // The cache names what the map fetched from the style server: the style and its tiles.
  const kept = (await cached(page, 'clearway-map-runtime')).filter((e) => e.url.startsWith(styles.origin));
  const keptPaths = kept.map((e) => new URL(e.url).pathname);
  expect(keptPaths).toContain('/style.json');
  const servedTiles = new Set(styles.served.filter((p) => p.startsWith('/tiles/14/')));
  expect(servedTiles.size).toBeGreaterThan(0);
  expect(keptPaths.filter((p) => servedTiles.has(p)).length).toBeGreaterThan(0);
  expect(kept.every((e) => e.status === 200)).toBe(true);

  // A Range request to a map origin gets its 206, and nothing is kept for it.
  const partial = await page.evaluate((url) => fetch(url, { headers: { Range: 'bytes=0-3' } }).then((r) => r.status), `${styles.origin}/partial.bin`);
  expect(partial).toBe(206);
  expect((await cached(page, 'clearway-map-runtime')).some((e) => e.url.endsWith('/partial.bin'))).toBe(false);

  // No signal: the style server is gone and the browser offline. The same view draws again.
  await context.setOffline(true);
  const servedBefore = styles.served.length;
  await page.reload();
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'url');
  await expect(mapCanvas(page)).toHaveAttribute('data-map-state', 'ready', TILES);
  await jumpTo(page, MONACO, 14);
  await expect.poll(() => basemapFeatures(page), TILES).toBe(viewed);
  expect(styles.served.length).toBe(servedBefore);
  await context.setOffline(false);
});
