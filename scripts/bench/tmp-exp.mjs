import { createRequire } from 'node:module';
const { chromium } = createRequire('/work/main/tests/package.json')('@playwright/test');
const { CHROMIUM, serveDist } = await import('/work/main/scripts/bench/browser.mjs');
const { epochs } = await import('/work/main/scripts/bench/gen-nmea.mjs');
const all = [...epochs(200)]; const texts = []; for (let i = 0; i < all.length; i += 7) texts.push(all.slice(i, i + 7).join(''));
const server = await serveDist();
const G = CHROMIUM.args.filter(a => a !== '--disable-gpu').concat(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
const variants = { gpu: G };
for (const [name, args] of Object.entries(variants)) {
  if (name === 'extra' && !args.length) continue;
  const browser = await chromium.launch({ ...CHROMIUM, args: name==='extra'? CHROMIUM.args.concat(args): args });
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await page.addInitScript(() => {
    const port = Object.assign(new EventTarget(), { async open() {}, async close() {}, readable: new ReadableStream({ start: (c) => (window.__c = c) }) });
    Object.defineProperty(navigator, 'serial', { value: { requestPort: async () => port, getPorts: async () => [port], addEventListener() {}, removeEventListener() {} }, configurable: true });
    localStorage.setItem('app_access', 'true'); localStorage.setItem('gps_failsafe_enabled', 'false'); });
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => document.querySelector('[data-map-state="ready"]'), null, { timeout: 60000 });
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await page.waitForTimeout(2000);
  const gl = await page.evaluate(() => { const c = document.createElement('canvas').getContext('webgl2'); const d = c.getExtension('WEBGL_debug_renderer_info'); return c.getParameter(d.UNMASKED_RENDERER_WEBGL); });
  const cdp = await page.context().newCDPSession(page); await cdp.send('Performance.enable'); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const get = async () => { const { metrics } = await cdp.send('Performance.getMetrics'); return metrics.find(m => m.name === 'TaskDuration').value * 1000; };
  if (name.includes('fade0')) await page.evaluate(() => (window.__fade0 = true));
  if (name.includes('nopos')) await page.evaluate(() => (window.__nopos = true));
  if (name.includes('nofollow')) await page.evaluate(() => (window.__nofollow = true));
  await page.evaluate((t) => { window.__texts = t; window.__long = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long = Math.max(window.__long, e.duration); }).observe({ type: 'longtask' }); }, texts);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await browser.startTracing(page, { path: `/tmp/exp-${name}.json`, categories: ['toplevel', 'devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
  const t0 = Date.now(); const m0 = await get();
  await page.evaluate(() => new Promise((res) => { const enc = new TextEncoder(); let i = 0; const texts = window.__texts; const m = document.querySelector('[data-map-state]').clearwayMap; window.__renders = 0; m.on('render', () => window.__renders++); if (window.__fade0) m._fadeDuration = 0; if (window.__nopos) { const src = m.getSource('cw-position'); src.setData = () => src; } if (window.__nofollow) m.jumpTo = () => m; window.__why = {}; m.on('render', () => { const k = [m._sourcesDirty, m._styleDirty, m._placementDirty, m.style.hasTransitions(), m.isMoving()].join(); window.__why[k] = (window.__why[k]||0)+1; });
    const timer = setInterval(() => { const b = enc.encode(texts.slice(i, i + 2).join('')); i += 2; for (let a = 0; a < b.length; a += 64) window.__c.enqueue(b.slice(a, a + 64)); if (i >= texts.length) { clearInterval(timer); res(); } }, 100); }));
  const m1 = await get(); await browser.stopTracing(); const { profile } = await cdp.send('Profiler.stop'); (await import('node:fs')).writeFileSync(`/tmp/prof-${name}.json`, JSON.stringify(profile)); const s = (Date.now() - t0) / 1000;
    console.log(name, gl, 'ms/s', ((m1 - m0) / s).toFixed(1), 'longest', await page.evaluate(() => window.__long), 'renders/s', (await page.evaluate(() => window.__renders) / s).toFixed(1), JSON.stringify(await page.evaluate(() => window.__why)));
  await browser.close();
}
await server.close();
