// Every route of SPEC §2 renders its own page, each loaded on demand.
import { expect, test } from '@playwright/test';
import { coreVersionLine, seedLocalStorage } from './support/app';

/** The route table of SPEC §2, with the heading each page shows. */
const ROUTES: { path: string; heading: string; guarded?: boolean; shows?: string }[] = [
  { path: '/', heading: 'Field workspace', guarded: true },
  { path: '/help', heading: 'Help' },
  { path: '/mobile-select', heading: 'Choose the app for this device' },
  { path: '/slave', heading: 'Companion app' },
  { path: '/LiveMonitor', heading: 'Live monitor' },
  { path: '/welcome', heading: 'Welcome to Clearway' },
  { path: '/privacy', heading: 'Privacy' },
  { path: '/policies', heading: 'Policies' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/contact', heading: 'Contact' },
  { path: '/documentation', heading: 'Documentation' },
  { path: '/convoy/leader', heading: 'Convoy leader' },
  { path: '/convoy/join', heading: 'Join a convoy' },
  { path: '/convoy/join/K7Q2-ROAD', heading: 'Join a convoy', shows: 'K7Q2-ROAD' },
  { path: '/route-enforcement/dispatch', heading: 'Dispatch console' },
  { path: '/route-enforcement/live/convoy-42', heading: 'Dispatch live view', shows: 'convoy-42' },
  { path: '/route-enforcement/driver', heading: 'Driver view' },
  { path: '/marketing', heading: 'Clearway for survey teams' },
  { path: '/register', heading: 'Create an account' },
  { path: '/verify', heading: 'Verify your e-mail' },
  { path: '/set-password', heading: 'Set your password' },
  { path: '/awaiting-approval', heading: 'Awaiting approval' },
  { path: '/admin/accounts', heading: 'Account approvals', guarded: true },
  { path: '/no/such/page', heading: 'Page not found', shows: '/no/such/page' },
];

for (const route of ROUTES) {
  test(`${route.path} shows “${route.heading}”`, async ({ page }) => {
    if (route.guarded) await seedLocalStorage(page, { app_access: 'true' });
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(route.path);
    if (route.shows) await expect(page.getByRole('main')).toContainText(route.shows);
    await expect(page.getByText('Component Load Error')).toHaveCount(0);
    await expect(page).toHaveTitle(`${route.heading} · Clearway`);
  });
}

test('the Settings page links to every route without a parameter', async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'All pages' });
  await expect(nav).toBeVisible();
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const expected = ROUTES.filter((r) => !/K7Q2|convoy-42|no\/such/.test(r.path)).map((r) => r.path);
  expect(new Set(hrefs)).toEqual(new Set(expected));
});

test('following a link from Settings opens the page without reloading the app', async ({ page }) => {
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Dispatch console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch console' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('the dispatch console opens the live view of a convoy by its ID', async ({ page }) => {
  await page.goto('/route-enforcement/dispatch');
  await page.getByRole('textbox', { name: 'Convoy ID' }).fill('north-7');
  await page.getByRole('button', { name: 'Open live view' }).click();
  await expect(page).toHaveURL(/\/route-enforcement\/live\/north-7$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch live view' })).toBeVisible();
});

for (const path of ['/', '/help']) {
  test(`${path} shows the version reported by the WebAssembly core`, async ({ page }) => {
    await seedLocalStorage(page, { app_access: 'true' });
    const wasm = page.waitForResponse((response) => /\/assets\/clearway_wasm_bg-[\w-]+\.wasm$/.test(response.url()));
    await page.goto(path);
    await expect(page.getByText(coreVersionLine(), { exact: true })).toBeVisible();
    expect((await wasm).headers()['content-type']).toBe('application/wasm');
  });
}

test.describe('loading on demand', () => {
  test('the first HTML loads one script; a page loads its own chunk, not the others', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto('/help');
    const html = (await response?.text()) ?? '';
    expect(html.match(/<script\b[^>]*\bsrc=/g)).toHaveLength(1);
    expect(html).not.toMatch(/Page-[\w-]+\.js/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    const pageChunks = requested.filter((p) => /^\/assets\/\w+Page-[\w-]+\.js$/.test(p));
    expect(pageChunks).toHaveLength(1);
    expect(pageChunks[0]).toMatch(/^\/assets\/HelpPage-/);
  });

  test("shows 'Loading...' while a page's chunk is on its way", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/PrivacyPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('the WebAssembly core is not loaded until a page needs it', async ({ page }) => {
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (/clearway_wasm/.test(request.url())) wasm.push(request.url());
    });
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Clearway' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(wasm).toEqual([]);
  });
});
