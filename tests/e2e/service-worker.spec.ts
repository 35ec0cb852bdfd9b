// SPEC §2 service worker: registered at /sw.js; 'App is ready to work offline!' for 5 s on
// first install; the app (and its WebAssembly core) then works offline; a new version
// asks 'New version available! Reload to update?'.
import { expect, test, type Page } from '@playwright/test';
import {
  coreVersionLine,
  OFFLINE_READY_DESCRIPTION,
  OFFLINE_READY_TITLE,
  OFFLINE_TEXT,
  seedLocalStorage,
  UPDATE_PROMPT,
} from './support/app';
import { serveDist, type DistServer } from './support/staticServer';

test.use({ serviceWorkers: 'allow' });

/** Marks, in the page, when the app's call to navigator.serviceWorker.register has settled. */
function recordRegistration() {
  const container = navigator.serviceWorker;
  const register = container.register.bind(container);
  container.register = (...args: Parameters<typeof register>) =>
    register(...args).finally(() => ((window as unknown as { swRegistered: boolean }).swRegistered = true));
}

const offlineReadyToast = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_READY_TITLE });

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test('first visit: /sw.js installs, the offline toast shows for 5 s, and the app works offline', async ({ page, context, baseURL }) => {
  await page.addInitScript(recordRegistration);
  await seedLocalStorage(page, { app_access: 'true' });
  await page.clock.install();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  // The page's time is paused before the worker installs: the toast's 5 s are counted on
  // Playwright's clock, not on this machine's.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const toast = offlineReadyToast(page);
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText(OFFLINE_READY_DESCRIPTION);
  await expect(toast.getByRole('button', { name: 'Dismiss notification' })).toBeVisible();

  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { script: reg.active?.scriptURL, scope: reg.scope, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ script: `${baseURL}/sw.js`, scope: `${baseURL}/`, controlled: true });

  // Everything the app needs is in one Clearway cache.
  const names = await cacheNames(page);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^clearway-/);
  const cached = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, names[0]!);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icon.svg']));
  expect(cached.some((path) => /^\/assets\/clearway_wasm_bg-[\w-]+\.wasm$/.test(path))).toBe(true);
  // The page chunk of `/` (the field workspace, with the settings in it).
  expect(cached.some((path) => /^\/assets\/WorkspacePage-[\w-]+\.js$/.test(path))).toBe(true);

  await page.clock.runFor(4999);
  await expect(toast, 'still shown at 4999 ms').toBeVisible();
  await page.clock.runFor(1);
  await expect(toast, 'gone at 5000 ms').toHaveCount(0);
  await page.clock.resume();

  // Offline: a reload, a page never visited, and the WebAssembly core all come from the cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expect(page.getByText(coreVersionLine(), { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
  await expect(page.getByText(coreVersionLine(), { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  // A second start is not a first install: no toast once the app's registration has settled.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { swRegistered?: boolean }).swRegistered === true);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => new Promise((resolve) => requestAnimationFrame(resolve))));
  await expect(offlineReadyToast(page)).toHaveCount(0);
});

test.describe('a new version', () => {
  let server: DistServer;
  test.beforeEach(async () => {
    server = await serveDist();
  });
  test.afterEach(async () => {
    await server.close();
  });

  /** Installs the current build, then publishes "the next build" of the worker. */
  async function installThenPublishUpdate(page: Page): Promise<{ oldCache: string; newCache: string }> {
    await page.goto(`${server.origin}/help`);
    await expect(offlineReadyToast(page)).toBeVisible({ timeout: 15_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const [oldCache] = await cacheNames(page);
    if (!oldCache) throw new Error('nothing cached');
    const newCache = `${oldCache}-next`;
    server.publishServiceWorker((source) => {
      const next = source.replace(`"${oldCache}"`, `"${newCache}"`);
      if (next === source) throw new Error('the cache name was not found in sw.js');
      return next;
    });
    return { oldCache, newCache };
  }

  const checkForUpdate = (page: Page) =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

  test('asks to reload; on OK the new worker takes over, the page reloads and the old cache goes', async ({ page }) => {
    const { oldCache, newCache } = await installThenPublishUpdate(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const reloaded = page.waitForEvent('load');
    await checkForUpdate(page);
    await reloaded;
    expect(dialogs).toEqual([`confirm: ${UPDATE_PROMPT}`]);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect.poll(() => cacheNames(page)).toEqual([newCache]);
    expect(await cacheNames(page)).not.toContain(oldCache);
    await expect(offlineReadyToast(page)).toHaveCount(0);
  });

  test('on Cancel the page stays and the new worker waits', async ({ page }) => {
    const { oldCache } = await installThenPublishUpdate(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await checkForUpdate(page);
    await expect.poll(() => dialogs).toEqual([UPDATE_PROMPT]);
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    expect(waiting).toBe('installed');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await cacheNames(page)).toContain(oldCache);
  });
});
