import { createRequire } from 'node:module';
const { chromium } = createRequire('/work/main/tests/package.json')('@playwright/test');
const { CHROMIUM, serveDist } = await import('/work/main/scripts/bench/browser.mjs');
const server = await serveDist();
const browser = await chromium.launch(CHROMIUM);
for (const [w, h] of [[1280, 800], [360, 640]]) {
  const page = await (await browser.newContext({ serviceWorkers: 'block', viewport: { width: w, height: h }, permissions: ['geolocation'], geolocation: { latitude: 43.7351, longitude: 7.4213, accuracy: 40 } })).newPage();
  await page.addInitScript(() => { localStorage.setItem('app_access', 'true'); });
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => document.querySelector("[data-map-state=\"ready\"]"), null, { timeout: 15000 }).catch(() => console.log("not ready", w));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shot-${w}.png` });
}
await browser.close(); await server.close();
