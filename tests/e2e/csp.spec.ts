// Issue 11, point 8: the production build carries a Content-Security-Policy (a <meta> in
// index.html, and the preview server's header), and the app runs under it with no violation:
// the page, the core's WebAssembly in its worker (a replayed NMEA log) and an export.
import { expect, test, type Page } from '@playwright/test';
import { gpsField, gpsPanel, openSettings } from './support/gpsPanel';
import { gpsdLogPath, lastFix, readGpsdLog } from './support/nmeaCorpus';

/** Collects every CSP violation the page or its workers report, and CSP console errors. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

test('the served app sends its CSP as a header and a meta tag', async ({ page }) => {
  const response = await page.goto('/');
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(header).toContain("worker-src 'self' blob:");
  expect(header).toContain("img-src 'self' data: blob:");
  expect(header).toContain("connect-src 'self' data: blob: https: http://127.0.0.1:* http://localhost:*");
  expect(header).toContain("object-src 'none'");
  expect(header).toContain("frame-ancestors 'none'");
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(meta).not.toContain('frame-ancestors');
});

test('the app runs under its CSP with no violation: page, core worker, replay', async ({ page }) => {
  const violations = await watchViolations(page);
  const name = 'nmea-rtk.log';
  const expected = lastFix(readGpsdLog(name));
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await page.getByRole('combobox', { name: 'Playback speed' }).selectOption({ label: 'As fast as possible' });
  await page.getByLabel('Replay an NMEA log').setInputFiles(gpsdLogPath(name));
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: `Replay of ${name} finished` })).toBeVisible();
  await expect(gpsField(page, 'Latitude')).toHaveText(expected.latitude);
  // An inline script is what the policy must stop: it is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  expect(violations.filter((v) => !v.includes('inline'))).toEqual([]);
});
