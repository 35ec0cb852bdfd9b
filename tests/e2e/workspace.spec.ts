// Issue 12 point 1 in the browser: the workspace on a 1280×800 tablet (map at the centre,
// capture form and measurement list beside it, fix quality in view), on a 360×640 phone
// (a measurement saved in two taps with the fix quality in view), settings reachable, and
// the theme chosen in the settings kept across a reload.
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { captureForm, createSurvey, listedRows, measurementList } from './support/survey';

const MONTREAL = { latitude: 45.5017, longitude: -73.5673, accuracy: 10 };

async function openWorkspace(page: Page) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(MONTREAL);
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Field workspace' })).toBeVisible();
}

/** True when the element's box lies wholly inside the viewport. */
async function inViewport(page: Page, box: { x: number; y: number; width: number; height: number } | null): Promise<boolean> {
  const size = page.viewportSize();
  return !!box && !!size && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

test.describe('on a 1280×800 tablet', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the map is at the centre, the capture form and the list beside it, the fix quality in view, all on one screen', async ({ page }) => {
    await openWorkspace(page);
    await createSurvey(page, { title: 'Tablet run', surveyor: 'Ana', client: 'Client A' });
    const map = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox();
    const capture = await captureForm(page).boundingBox();
    const list = await measurementList(page).boundingBox();
    const fix = await page.getByRole('group', { name: 'Fix quality' }).boundingBox();
    if (!map || !capture || !list || !fix) throw new Error('a workspace part is not shown');
    // Left of the map, the capture form; right of it, the list; the map's centre near the screen's.
    expect(capture.x + capture.width).toBeLessThanOrEqual(map.x);
    expect(list.x).toBeGreaterThanOrEqual(map.x + map.width);
    expect(Math.abs(map.x + map.width / 2 - 640)).toBeLessThan(80);
    expect(map.width).toBeGreaterThan(400);
    expect(await inViewport(page, map)).toBe(true);
    expect(await inViewport(page, fix)).toBe(true);
    expect(await inViewport(page, await captureForm(page).getByRole('button', { name: 'Save measurement' }).boundingBox())).toBe(true);
    expect(capture.y).toBeLessThan(800);
    expect(list.y).toBeLessThan(800);
    // The route planner is one tap away.
    await page.getByRole('tab', { name: 'Routes' }).click();
    await expect(page.getByRole('region', { name: 'Routes', exact: true }).getByRole('button', { name: 'New route' })).toBeVisible();
  });

  test('every button, field and tab of the workspace is at least 48 px high', async ({ page }) => {
    await openWorkspace(page);
    await createSurvey(page, { title: 'Targets', surveyor: 'Ana', client: 'Client A' });
    const small = await page
      .locator('main')
      .locator('button:visible, input:visible:not([type=checkbox]):not([type=radio]), select:visible, [role=tab]:visible')
      .evaluateAll((elements) =>
        elements
          .filter((e) => !e.closest('.measurements__row')) // rows have 44 px buttons in a 56 px row
          .map((e) => ({ name: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName, h: e.getBoundingClientRect().height }))
          .filter((e) => e.h > 0 && e.h < 47.5),
      );
    expect(small).toEqual([]);
  });

  test('settings are reachable from the workspace menu', async ({ page }) => {
    await openWorkspace(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeInViewport();
    await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
  });
});

test.describe('on a 360×640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('a measurement is saved in two taps (the height, then Save measurement) with the fix quality in view', async ({ page }) => {
    // Skip the mobile location screen: this test is about the workspace.
    await seedLocalStorage(page, { permissions_requested: 'true', gps_permission_granted: 'true' });
    await openWorkspace(page);
    await createSurvey(page, { title: 'Phone run', surveyor: 'Ana', client: 'Client A' });
    await page.reload();
    await expect(captureForm(page)).toBeVisible();

    // Tap 1: the height field (typing is not a tap); tap 2: Save measurement.
    const height = captureForm(page).getByLabel('Height');
    await height.tap();
    await page.keyboard.type('4.75');
    const save = captureForm(page).getByRole('button', { name: 'Save measurement' });
    await save.scrollIntoViewIfNeeded();
    await expect(page.getByRole('group', { name: 'Fix quality' })).toBeInViewport();
    await save.tap();
    await expect(captureForm(page).locator('.capture__outcome')).toContainText('saved (height 4.750 m)');
    await expect(page.getByRole('group', { name: 'Fix quality' })).toBeInViewport();

    await page.getByRole('tab', { name: 'Measurements' }).tap();
    const rows = await listedRows(page);
    expect(rows[0]).toContain('4.750 m');
  });
});

test('the theme chosen in the settings applies at once and is kept across a reload', async ({ page }) => {
  await openWorkspace(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('radio', { name: 'Night (dark)' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
  const night = await background();
  expect(night).not.toBe(light);
  // Dark: each channel of the background below a quarter of full scale.
  expect((night.match(/\d+/g) ?? []).slice(0, 3).every((v) => Number(v) < 64)).toBe(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
  await expect(page.getByRole('radio', { name: 'Night (dark)' })).toBeChecked();
  await page.getByRole('radio', { name: 'Sunlight (high contrast)' }).check();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunlight');
  expect(await background()).toBe('rgb(255, 255, 255)');
});

test("the core loads beside the workspace's own chunk, not after the page's first render, so the capture form is ready sooner", async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  // The workspace's chunk is held back: nothing of the page can render meanwhile, so a
  // request for the core now can only come from the route's preload.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/WorkspacePage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const fromPage = (request: { url(): string; frame(): unknown }) => {
    if (!/\/assets\/clearway_wasm[^/]*\.(js|wasm)$/.test(request.url())) return false;
    try {
      return request.frame() === page.mainFrame(); // a worker's own copy of the core is not the page's
    } catch {
      return false;
    }
  };
  const coreRequested = page.waitForRequest(fromPage, { timeout: 15_000 });
  await page.goto('/', { waitUntil: 'commit' });
  await coreRequested;
  release();
  await createSurvey(page, { title: 'Early core', surveyor: 'Ana', client: 'Client A' });
  await expect(captureForm(page).getByRole('button', { name: 'Save measurement' })).toBeEnabled();
});
