// GPS panel case (issue "GPS end to end", point 8): the built app in Debian's Chromium with
// the CPU throttled 4× (a slow tablet), a fake serial receiver talking at 20 Hz (2 epochs
// of gen-nmea's 7 sentences every 100 ms, in 64-byte chunks) for ~10 s, and the main
// thread's busy time measured by the DevTools Protocol (Performance.getMetrics,
// TaskDuration delta), plus how often the panel's readout changed and the longest task.
// The feed's own work (encoding and enqueuing, in a page timer) is reported apart as
// harness_feed_ms_per_s; moving the stream's chunks to the parser's worker stays in the
// app's figure, as a real port's `readable` also lives on the main thread.
// A measurement, never a test: it reports what it saw and does not fail on a slow machine.
//   node -e "import('./scripts/bench/gps-panel.mjs').then(m => m.gpsPanelCase()).then(r => console.log(JSON.stringify(r[0])))"
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { CHROMIUM, DIST, serveDist } from './browser.mjs';
import { epochs } from './gen-nmea.mjs';

/** Runs in the page (serialised): a fake navigator.serial whose port streams `epochTexts`, `perTick` every 100 ms once `window.__feed.start()` is called. */
function installFeed({ epochTexts, perTick }) {
  const encoder = new TextEncoder();
  // busyMs: the feed's own main-thread time (encoding and enqueuing), which the app does not pay.
  const feed = { controller: null, sent: 0, done: false, busyMs: 0 };
  const port = Object.assign(new EventTarget(), {
    async open() {},
    async close() {},
    readable: new ReadableStream({ start: (c) => (feed.controller = c) }),
  });
  Object.defineProperty(navigator, 'serial', {
    value: { requestPort: async () => port, getPorts: async () => [port], addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
  feed.start = () => {
    let i = 0;
    const timer = setInterval(() => {
      const started = performance.now();
      const bytes = encoder.encode(epochTexts.slice(i, i + perTick).join(''));
      for (let at = 0; at < bytes.length; at += 64) feed.controller.enqueue(bytes.slice(at, at + 64));
      i += perTick;
      feed.sent = i;
      feed.busyMs += performance.now() - started;
      if (i >= epochTexts.length) {
        clearInterval(timer);
        feed.done = true;
      }
    }, 100);
  };
  window.__feed = feed;
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
}

/** Runs in the page: counts readout changes (one MutationObserver batch ≈ one React commit) and long tasks. */
function observePanel() {
  const stats = { renders: 0, longest: 0, longTasks: 0 };
  new MutationObserver(() => (stats.renders += 1)).observe(document.querySelector('.gps-readout'), {
    subtree: true,
    childList: true,
    characterData: true,
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      stats.longTasks += 1;
      stats.longest = Math.max(stats.longest, entry.duration);
    }
  }).observe({ type: 'longtask' });
  window.__panelStats = stats;
}

const taskMs = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration') * 1000, script: get('ScriptDuration') * 1000, layout: (get('LayoutDuration') + get('RecalcStyleDuration')) * 1000 };
};

export async function gpsPanelCase({ seconds = 10, throttle = 4, baselineSeconds = 3 } = {}) {
  // The web app as shipped (vite build alone: the type-check is the test command's job).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: join(root, 'web'), stdio: 'inherit' });
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('web/dist was not built');
  const { chromium } = createRequire(join(root, 'tests', 'package.json'))('@playwright/test');

  const perTick = 2; // 2 epochs per 100 ms = a 20 Hz receiver
  const all = [...epochs(seconds * 10 * perTick)];
  const epochTexts = [];
  for (let i = 0; i < all.length; i += 7) epochTexts.push(all.slice(i, i + 7).join(''));

  const server = await serveDist();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(installFeed, { epochTexts, perTick });
    await page.goto(`${server.origin}/`);
    await page.locator('.gps-readout').first().waitFor();
    await page.getByRole('button', { name: 'Connect GPS' }).click();
    await page.evaluate(observePanel);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });

    // Idle, connected, no data: the panel's own cost (the age ticking once a second).
    const idle0 = await taskMs(cdp);
    const idleT0 = performance.now();
    await page.waitForTimeout(baselineSeconds * 1000);
    const idle1 = await taskMs(cdp);
    const idleS = (performance.now() - idleT0) / 1000;

    const rendersBefore = await page.evaluate(() => window.__panelStats.renders);
    const m0 = await taskMs(cdp);
    const t0 = performance.now();
    await page.evaluate(() => window.__feed.start());
    await page.waitForFunction(() => window.__feed.done, null, { timeout: seconds * 1000 * 4, polling: 250 });
    const m1 = await taskMs(cdp);
    const wallS = (performance.now() - t0) / 1000;
    const stats = await page.evaluate(() => window.__panelStats);
    const feedMs = await page.evaluate(() => window.__feed.busyMs);
    // The last snapshot may still be on its way from the worker when the feed is done.
    const lastGga = all.filter((s) => s.startsWith('$GPGGA')).at(-1).split(',');
    const expectedLat = (Number(lastGga[2].slice(0, 2)) + Number(lastGga[2].slice(2)) / 60).toFixed(6);
    const lastFixShown = await page
      .locator('dt:text-is("Latitude") + dd')
      .filter({ hasText: new RegExp(`^${expectedLat}$`) })
      .waitFor({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
    return [
      {
        name: 'gps-panel-20hz-cpu4x',
        ours: 'wasm',
        peer: null,
        ratio: null,
        cpu_throttle: throttle,
        receiver_hz: perTick * 10,
        seconds: round(wallS, 2),
        sentences: all.length,
        main_thread_ms_per_s: round((m1.task - m0.task) / wallS),
        // of which the fake receiver's feed itself (see installFeed): the harness, not the app
        harness_feed_ms_per_s: round(feedMs / wallS),
        script_ms_per_s: round((m1.script - m0.script) / wallS),
        style_layout_ms_per_s: round((m1.layout - m0.layout) / wallS),
        idle_main_thread_ms_per_s: round((idle1.task - idle0.task) / idleS),
        renders_per_s: round((stats.renders - rendersBefore) / wallS),
        long_tasks: stats.longTasks,
        longest_task_ms: round(stats.longest),
        last_fix_shown: lastFixShown,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
