// Photo capture case (issue 14, point 8): the built app in Debian's Chromium, CPU throttled
// 4× (a low-end tablet), Chromium's built-in fake camera at 1280x720 (SPEC §9 default
// image). Ours: the surveyor taps 'Take photo' and 'Save measurement'; the frame is grabbed
// on the page, stamped, encoded and given its EXIF in a worker (OffscreenCanvas), then
// stored; timed until the thumbnail shows. Peer, in the same page: the plain main-thread
// path: the same frame drawn on a page <canvas> with the same stamp band and lines,
// canvas.toBlob('image/jpeg', 0.9) and an IndexedDB put (no EXIF: the plain path has none).
//
// Baseline: the same save with the camera off (what saving a measurement costs the page
// without any photo), so the photo's own share of ours can be told apart.
//
// Both sides time their whole path from the camera frame to a stored photo of the same size
// (the SPEC §9 default 1280x720 JPEG at quality 0.9; the bytes and size of both are printed).
// Ours is 'Take photo' (the frame grab) and 'Save measurement' (the save, the worker, the
// store, the thumbnail); its longest task is the longest of either.
//
// The survey's first auto-save (SPEC §9: 5 s after creation, an export on the page) is
// waited out before measuring, so it never lands inside a timed window of either side.
//
// Figures: the longest main-thread task while each runs (a MessageChannel probe measures
// the largest gap between turns of the page's event loop; long tasks ≥ 50 ms are counted by
// the Long Tasks API too), and the time each takes. longest_task_ratio = peer ÷ ours (> 1:
// ours blocks the page less); ours_limit_ratio = ours ÷ 50 ms (≤ 1 meets the limit).
// Never fails on its figures; it fails only when no photo was stored (a wrong result).
//   node scripts/bench.mjs photo-capture
import { createSurveyInPage, openAppWithCamera } from './browser.mjs';

export const LONGEST_TASK_LIMIT_MS = 50;

/** Runs in the page: a probe of the event loop's largest gap, and a long-task count. */
function installProbe() {
  const probe = { max: 0, on: false, long: 0, longest: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!probe.on) continue;
      probe.long += 1;
      probe.longest = Math.max(probe.longest, entry.duration);
    }
  }).observe({ type: 'longtask' });
  const channel = new MessageChannel();
  let last = 0;
  channel.port1.onmessage = () => {
    const now = performance.now();
    probe.max = Math.max(probe.max, now - last);
    last = now;
    if (probe.on) channel.port2.postMessage(0);
  };
  probe.start = () => {
    Object.assign(probe, { max: 0, long: 0, longest: 0, on: true });
    last = performance.now();
    channel.port2.postMessage(0);
  };
  probe.stop = () => {
    probe.on = false;
    return { gapMs: probe.max, longTasks: probe.long, longestLongTaskMs: probe.longest };
  };
  window.__probe = probe;
  localStorage.setItem('app_access', 'true');
}

/** Runs in the page: the plain main-thread path on the live camera view, timed. */
async function plainPath() {
  const video = document.querySelector('video[aria-label="Camera view"]');
  const started = performance.now();
  window.__probe.start();
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 720;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(video, 0, 0, 1280, 720);
  const lines = ['R001-POI00009 · Bridge', 'Lat 45.501700, Lon -73.567300', 'Height 4.250 m', '2026-11-24 01:30:05 UTC', 'Bench', 'Project P-1', 'Surveyor Bench'];
  const unit = 18;
  const band = unit * 1.5 * lines.length + unit;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.62)';
  ctx.fillRect(0, 720 - band, 1280, band);
  ctx.fillStyle = '#fff';
  ctx.font = `${Math.round(unit * 1.15)}px sans-serif`;
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, unit, 720 - band + unit / 2 + i * unit * 1.5));
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('bench-plain-photo', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('media', { keyPath: 'id' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('media', 'readwrite', { durability: 'strict' });
      tx.objectStore('media').put({ id: crypto.randomUUID(), blob });
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
  const ms = performance.now() - started;
  const probe = window.__probe.stop();
  // The pixel size of the stored photo, decoded by the browser (after the timed path).
  const bitmap = await createImageBitmap(blob);
  const size = `${bitmap.width}x${bitmap.height}`;
  bitmap.close();
  return { ms, bytes: blob.size, size, ...probe };
}

/** Runs in the page: the bytes and pixel size of the photo stored for a measurement. */
async function storedPhoto(poiNumber) {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('clearway');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = (store) =>
    new Promise((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const measurement = (await all('measurements')).find((m) => m.poiNumber === poiNumber);
  const photo = (await all('media')).find((m) => m.id === measurement?.imageUrl);
  db.close();
  if (!photo) return null;
  const bitmap = await createImageBitmap(photo.blob);
  const size = `${bitmap.width}x${bitmap.height}`;
  bitmap.close();
  return { bytes: photo.blob.size, size };
}

const round = (v) => Math.round(v * 10) / 10;

/**
 * Runs `fn` under a Chrome trace and returns its result with the page's longest main-thread
 * task by thread CPU time (`cpuMs`, the trace's tdur). Unlike the wall-clock gap, CPU time
 * does not grow when other processes take the machine's cores, nor during the throttle's
 * pauses: `cpuMs × throttle` estimates the task on the throttled tablet with the cores to itself.
 */
async function traced(cdp, fn) {
  const events = [];
  const collect = (e) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  let result;
  try {
    result = await fn();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`));
  const cpuMs = Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000));
  return { ...result, cpuMs };
}

export async function photoCaptureCase({ runs = 5, throttle = 4 } = {}) {
  const { page, context, close } = await openAppWithCamera(installProbe);
  try {
    await createSurveyInPage(page, 'Bench');
    const form = page.getByRole('form', { name: 'Record a measurement' });
    await form.getByRole('button', { name: 'Start camera' }).click();
    const view = form.getByLabel('Camera view');
    await view.waitFor();
    await page.waitForFunction(() => document.querySelector('video[aria-label="Camera view"]')?.videoWidth > 0);
    const frame = await view.evaluate((v) => `${v.videoWidth}x${v.videoHeight}`);
    // The first auto-save (an export on the page, 5 s after the survey was created) is done.
    await page.waitForFunction(
      () => {
        const term = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Last auto-save');
        const value = term?.nextElementSibling?.textContent;
        return Boolean(value) && value !== 'not yet';
      },
      null,
      { timeout: 60_000 },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });

    const ours = [];
    const peer = [];
    const baseline = [];
    const grab = [];
    const poiName = (n) => `R001-POI${String(n).padStart(5, '0')}`;
    let poi = 1;
    for (let i = 0; i < runs; i += 1) {
      // Baseline: the same save with the camera off (no photo), to tell the photo's cost apart.
      await form.getByRole('button', { name: 'Stop camera' }).click();
      poi += 1;
      await form.getByLabel('Height').fill('4.25');
      baseline.push(
        await traced(cdp, async () => {
          await page.evaluate(() => window.__probe.start());
          const saveStarted = Date.now();
          await form.getByRole('button', { name: 'Save measurement' }).click();
          await form.getByText(`${poiName(poi)} saved`).waitFor();
          await page.locator(`li[data-measurement-id]`).filter({ hasText: poiName(poi) }).waitFor();
          return { ms: Date.now() - saveStarted, ...(await page.evaluate(() => window.__probe.stop())) };
        }),
      );
      await form.getByRole('button', { name: 'Start camera' }).click();
      await page.waitForFunction(() => document.querySelector('video[aria-label="Camera view"]')?.videoWidth > 0);

      poi += 1;
      await form.getByLabel('Height').fill('4.25');
      const path = await traced(cdp, async () => {
        await page.evaluate(() => window.__probe.start());
        const started = Date.now();
        await form.getByRole('button', { name: 'Take photo' }).click();
        await form.getByText('A photo is ready for the next measurement.').waitFor();
        grab.push({ ms: Date.now() - started, ...(await page.evaluate(() => window.__probe.stop())) });
        await page.evaluate(() => window.__probe.start());
        await form.getByRole('button', { name: 'Save measurement' }).click();
        await page.getByRole('img', { name: `Photo of ${poiName(poi)}` }).waitFor({ timeout: 60_000 });
        return { ms: Date.now() - started, ...(await page.evaluate(() => window.__probe.stop())) };
      });
      const photo = await page.evaluate(storedPhoto, poi);
      if (!photo) throw new Error(`no photo stored for ${poiName(poi)}`);
      // The whole path: the longest task of the grab or of the save.
      ours.push({ ...path, save: path.gapMs, gapMs: Math.max(path.gapMs, grab.at(-1).gapMs), ...photo });
      peer.push(await traced(cdp, () => page.evaluate(plainPath)));
    }
    const worst = (list, key) => Math.max(...list.map((r) => r[key]));
    const median = (list, key) => list.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const oursLongest = worst(ours, 'gapMs');
    const baselineLongest = worst(baseline, 'gapMs');
    const peerLongest = worst(peer, 'gapMs');
    return [
      {
        name: 'photo-capture',
        ours: 'Take photo + Save: frame grab on the page; stamp, JPEG, EXIF in a worker (OffscreenCanvas); IndexedDB',
        peer: 'plain main-thread <canvas> stamp + toBlob(image/jpeg) + IndexedDB put',
        camera_frame: frame,
        cpu_throttle: throttle,
        runs,
        ours_longest_task_ms: round(oursLongest),
        ours_take_photo_longest_task_ms: round(worst(grab, 'gapMs')),
        ours_save_longest_task_ms: round(worst(ours, 'save')),
        baseline_longest_task_ms: round(baselineLongest),
        peer_longest_task_ms: round(peerLongest),
        longest_task_ratio: round(peerLongest / Math.max(1, oursLongest)),
        ours_limit_ratio: round(oursLongest / LONGEST_TASK_LIMIT_MS),
        // By thread CPU time (see traced()): robust to other load on the machine.
        ours_longest_task_cpu_ms: round(worst(ours, 'cpuMs')),
        baseline_longest_task_cpu_ms: round(worst(baseline, 'cpuMs')),
        peer_longest_task_cpu_ms: round(worst(peer, 'cpuMs')),
        // The median over the runs of each run's longest task: less swayed by one outlier.
        ours_median_longest_task_cpu_ms: round(median(ours, 'cpuMs')),
        baseline_median_longest_task_cpu_ms: round(median(baseline, 'cpuMs')),
        peer_median_longest_task_cpu_ms: round(median(peer, 'cpuMs')),
        ours_longest_task_cpu_x_throttle_ms: round(worst(ours, 'cpuMs') * throttle),
        longest_task_cpu_ratio: round(worst(peer, 'cpuMs') / Math.max(0.1, worst(ours, 'cpuMs'))),
        ours_long_tasks: ours.reduce((n, r) => n + r.longTasks, 0),
        peer_long_tasks: peer.reduce((n, r) => n + r.longTasks, 0),
        ours_median_ms_take_photo_to_thumbnail: median(ours, 'ms'),
        baseline_median_ms_save_no_photo: median(baseline, 'ms'),
        peer_median_ms_encode_and_store: round(median(peer, 'ms')),
        ours_photo: `${ours[0].size}, median ${median(ours, 'bytes')} bytes (JPEG + EXIF)`,
        peer_photo: `${peer[0].size}, median ${median(peer, 'bytes')} bytes (JPEG)`,
        same_result: ours.every((r) => r.size === peer[0].size) && peer.every((r) => r.size === ours[0].size),
        timed:
          "ours: the tap on 'Take photo' until the thumbnail shows (longest task of the whole path); ours_take_photo: the tap on 'Take photo' until the photo is held (the frame grab); ours_save: the tap on 'Save measurement' until the thumbnail shows (saving the measurement, the worker's stamp, JPEG and EXIF, storing the photo, linking it to the measurement, React); baseline: the same save with no photo; peer: its first canvas call to the put completing",
      },
    ];
  } finally {
    await close();
  }
}
