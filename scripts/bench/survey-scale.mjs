// Survey scale case (issue "Surveys and measurements in the app", point 8): a survey of
// 100,000 measurements in the built app in Debian's Chromium. It prints the time to open
// `/` until the list shows the survey's count, to save one measurement (the SPEC's 50 ms
// write delay subtracted), to export the CSV and the zip (until the download starts), and
// the page's longest task during each phase (PerformanceObserver 'longtask').
// A measurement, never a test: it reports what it saw and does not fail on a slow machine.
//   node scripts/bench.mjs survey-scale
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { CHROMIUM, serveDist } from './browser.mjs';

const WRITE_DELAY_MS = 50; // SPEC §9

/** Runs in the page before any script: app access, no GPS, long tasks recorded by phase. */
function instrument() {
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
  const stats = { phase: 'open', longest: {}, count: {} };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      stats.longest[stats.phase] = Math.max(stats.longest[stats.phase] ?? 0, entry.duration);
      stats.count[stats.phase] = (stats.count[stats.phase] ?? 0) + 1;
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__scale = stats;
}

/** Runs in the page: writes `count` measurements of the active survey straight into IndexedDB. */
async function seed(count) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const surveys = await new Promise((resolve) => {
    const request = db.transaction('surveys').objectStore('surveys').getAll();
    request.onsuccess = () => resolve(request.result);
  });
  const survey = surveys.find((s) => s.active);
  const types = ['bridge', 'wire', 'tree', 'powerLine', 'trafficLight'];
  const start = Date.parse('2026-06-01T08:00:00Z');
  for (let done = 0; done < count; ) {
    const tx = db.transaction('measurements', 'readwrite');
    const store = tx.objectStore('measurements');
    for (const end = Math.min(count, done + 5000); done < end; done += 1) {
      const at = new Date(start + done * 3000).toISOString();
      store.put({
        id: `seed-${String(done).padStart(6, '0')}`,
        user_id: survey.id,
        rel: 4 + (done % 300) / 100,
        altGPS: 50 + (done % 40),
        latitude: 45.5 + done * 1e-5,
        longitude: -73.56 - done * 1e-5,
        utcDate: at.slice(0, 10),
        utcTime: at.slice(11, 19),
        speed: 30 + (done % 50),
        heading: done % 360,
        roadNumber: String(1 + Math.floor(done / 5000)),
        poiNumber: done + 2,
        poi_type: types[done % types.length],
        note: done % 7 === 0 ? 'low, check again' : '',
        source: 'manual',
        widthMeasure: null,
        lengthMeasure: null,
        createdAt: at,
      });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
  return survey.id;
}

export async function surveyScaleCase({ measurements = 100_000 } = {}) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: join(root, 'web'), stdio: 'inherit' });
  const { chromium } = createRequire(join(root, 'tests', 'package.json'))('@playwright/test');
  const server = await serveDist();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true });
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.origin}/`);
    const section = page.getByRole('region', { name: 'Survey', exact: true });
    await section.getByRole('button', { name: 'New survey' }).click();
    const form = page.getByRole('form', { name: 'New survey' });
    await form.getByLabel('Survey title').fill('Scale');
    await form.getByLabel('Surveyor name').fill('Bench');
    await form.getByLabel('Client name').fill('Bench');
    await form.getByRole('button', { name: 'Create survey' }).click();
    await page.getByRole('form', { name: 'Record a measurement' }).waitFor();
    await page.evaluate(seed, measurements);

    // Open: a fresh load until the list heading shows every measurement.
    const total = (measurements + 1).toLocaleString('en');
    await page.reload();
    const openMs = await page.evaluate(async (text) => {
      for (;;) {
        const heading = [...document.querySelectorAll('h3')].find((h) => h.textContent?.includes(`(${text})`));
        if (heading) return performance.now();
        await new Promise((r) => setTimeout(r, 5));
      }
    }, total);
    const rowsInDom = await page.locator('.measurements__row').count();

    // Save one measurement, five times; the median, the write delay subtracted.
    await page.evaluate(() => (window.__scale.phase = 'save'));
    const capture = page.getByRole('form', { name: 'Record a measurement' });
    const saves = [];
    for (let i = 0; i < 5; i += 1) {
      await capture.getByLabel('Height').fill(String(4 + i / 10));
      const before = await capture.locator('.capture__outcome').getAttribute('data-saved-id');
      const t0 = await page.evaluate(() => performance.now());
      await capture.getByRole('button', { name: 'Save measurement' }).click();
      const t1 = await page.evaluate(async (previous) => {
        for (;;) {
          const id = document.querySelector('.capture__outcome')?.getAttribute('data-saved-id');
          if (id && id !== previous) return performance.now();
          await new Promise((r) => setTimeout(r, 1));
        }
      }, before);
      saves.push(t1 - t0 - WRITE_DELAY_MS);
    }
    saves.sort((a, b) => a - b);

    const exportTime = async (format) => {
      await page.evaluate((phase) => (window.__scale.phase = phase), `export-${format}`);
      await section.getByLabel('Export format').selectOption(format);
      const download = page.waitForEvent('download', { timeout: 600_000 });
      const t0 = Date.now();
      await section.getByRole('button', { name: 'Export survey' }).click();
      const file = await download;
      const ms = Date.now() - t0;
      return { ms, name: file.suggestedFilename() };
    };
    const csv = await exportTime('csv');
    const zip = await exportTime('zip');
    const stats = await page.evaluate(() => window.__scale);
    const round = (x) => Math.round(x);
    return [
      {
        name: `survey-${measurements / 1000}k`,
        ours: 'wasm',
        peer: null,
        ratio: null,
        measurements: measurements + 1 + 5,
        open_ms: round(openMs),
        rows_in_dom: rowsInDom,
        save_one_ms_median: round(saves[2]),
        export_csv_ms: csv.ms,
        export_zip_ms: zip.ms,
        longest_task_ms: Object.fromEntries(Object.entries(stats.longest).map(([k, v]) => [k, round(v)])),
        long_tasks: stats.count,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
