// Issue 12 point 1b: an axe check (@axe-core/playwright) on every route of the app, in each
// of the three themes, with no serious or critical violation. The list of paths is SPEC §2's
// (parameters filled in); a first test reads web/src/app/routes.tsx and fails if the router
// gained a route this list does not visit, so "every route" stays true.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { createSurvey } from './support/survey';

/** Router pattern → the path visited for it (parameters filled in). */
const VISITS: Record<string, string> = {
  '/': '/',
  '/help': '/help',
  '/mobile-select': '/mobile-select',
  '/slave': '/slave',
  '/LiveMonitor': '/LiveMonitor',
  '/welcome': '/welcome',
  '/privacy': '/privacy',
  '/policies': '/policies',
  '/terms': '/terms',
  '/contact': '/contact',
  '/documentation': '/documentation',
  '/convoy/leader': '/convoy/leader',
  '/convoy/join': '/convoy/join',
  '/convoy/join/:token': '/convoy/join/K7Q2-ROAD',
  '/route-enforcement/dispatch': '/route-enforcement/dispatch',
  '/route-enforcement/live/:convoyId': '/route-enforcement/live/convoy-42',
  '/route-enforcement/driver': '/route-enforcement/driver',
  '/marketing': '/marketing',
  '/register': '/register',
  '/verify': '/verify',
  '/set-password': '/set-password',
  '/awaiting-approval': '/awaiting-approval',
  '/admin/accounts': '/admin/accounts',
  '*': '/no/such/page',
};

const THEMES = ['default', 'sunlight', 'night'] as const;
type Theme = (typeof THEMES)[number];

/** The serious and critical violations on the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

/** Opens `path` in `theme`, saved as the settings save it (the app applies it as it starts). */
async function open(page: Page, path: string, theme: Theme) {
  await seedLocalStorage(page, { app_access: 'true', theme });
  await page.goto(path);
  await expectTheme(page, theme);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

/**
 * Switches the open page to `theme` as choosing it in the settings does (features/theme:
 * the data-theme attribute of <html>; the colours are the CSS tokens alone), without a new
 * load: a theme's colours are all axe needs, and two loads fewer per route keep `npm test`
 * shorter. Which theme a page is loaded in rotates with the route, so each is also checked
 * as the app applies it at start.
 */
async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    if (t === 'default') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = t;
  }, theme);
  await expectTheme(page, theme);
}

async function expectTheme(page: Page, theme: Theme) {
  const html = expect(page.locator('html'));
  await (theme === 'default' ? html.not.toHaveAttribute('data-theme') : html.toHaveAttribute('data-theme', theme));
}

test('the axe check visits every route of the router', () => {
  const source = readFileSync(fileURLToPath(new URL('../../web/src/app/routes.tsx', import.meta.url)), 'utf8');
  const patterns = [...source.matchAll(/\{\s*path:\s*'([^']+)'/g)].map((m) => m[1]);
  expect(patterns.length).toBeGreaterThan(20);
  expect(patterns.filter((p) => !(p in VISITS))).toEqual([]);
});

test('the check itself sees a serious violation when there is one (a button with no name)', async ({ page }) => {
  await open(page, '/help', 'default');
  await page.evaluate(() => document.querySelector('main')?.appendChild(document.createElement('button')));
  expect((await seriousViolations(page)).some((line) => line.includes('button-name'))).toBe(true);
});

// Each route is loaded once, in one of the themes (rotating), then switched to the others;
// axe runs in each: several seconds per theme on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

Object.entries(VISITS).forEach(([pattern, path], index) => {
  const order = THEMES.map((_, i) => THEMES[(index + i) % THEMES.length]!);
  test(`axe: ${pattern} in each theme has no serious or critical violation`, async ({ page }) => {
    await open(page, path, order[0]!);
    for (const theme of order) {
      await test.step(`${theme} theme`, async () => {
        await switchTheme(page, theme);
        expect(await seriousViolations(page), `${pattern} in the ${theme} theme`).toEqual([]);
      });
    }
  });
});

test('axe: the workspace with an active survey and an invalid form, in each theme', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 10 });
  await open(page, '/', 'night');
  await createSurvey(page, { title: 'Axe run', surveyor: 'Ana', client: 'Client A' });
  await page.getByRole('button', { name: 'Save measurement' }).click();
  await expect(page.getByText('Enter the height in metres (0 or more).')).toBeVisible();
  await page.getByRole('button', { name: 'New survey' }).click();
  await page.getByRole('form', { name: 'New survey' }).getByRole('button', { name: 'Create survey' }).click();
  await expect(page.getByText('Client name is required')).toBeVisible();
  for (const theme of ['night', ...THEMES.filter((t) => t !== 'night')] as const) {
    await test.step(`${theme} theme`, async () => {
      await switchTheme(page, theme);
      expect(await seriousViolations(page), `the workspace in the ${theme} theme`).toEqual([]);
    });
  }
});
