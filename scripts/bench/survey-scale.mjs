// Survey scale case: a survey of 100,000 measurements in the built app in Debian's Chromium.
// Issue 10 points 15 and 16, each against a bare IndexedDB peer in its own page, same run:
// - open: from the moment the workspace starts reading (the app's performance mark
//   'clearway:workspace-start') until the list heading shows the count, against a bare
//   IndexedDB open + count of the survey's measurements + a 50-record index read; best of 4
//   reloads, alternating which side runs first (so neither always gets a warm cache);
//   limit: ours <= 2x the peer (`ratio` = peer / ours, >= 0.5 meets it);
// - save one measurement: the data layer's save (addMeasurement, from its call to its durable
//   outcome, between the app's marks 'clearway:save-start' and 'clearway:save-stored'), the
//   SPEC's 50 ms write delay subtracted as it ran, against a bare strict-durability put of
//   the same record; median of 15 interleaved (sub-millisecond figures: 7 left the ratio to
//   chance); limit: ours <= 2x the peer; the click to the form's acknowledgement is printed
//   beside it;
// and, without a peer, the export times and the page's longest task during each phase.
// A measurement, never a test: it reports what it saw and does not fail on a slow machine.
//   node scripts/bench.mjs survey-scale
import { openAppWithSurvey } from './browser.mjs';

const WRITE_DELAY_MS = 50; // SPEC §9
const SAVES = 15;
const MEDIAN = Math.floor(SAVES / 2);

/** Runs in the page before any script: app access, no GPS, long tasks recorded by phase. */
function instrument() {
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
  // The moment of a click on 'Save measurement', and of each acknowledgement (data-saved-id).
  window.__saveClicks = [];
  window.__saveAcks = [];
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button')?.textContent === 'Save measurement') window.__saveClicks.push(performance.now());
    },
    true,
  );
  new MutationObserver((records) => {
    for (const r of records) if (r.attributeName === 'data-saved-id' && r.target.getAttribute('data-saved-id')) window.__saveAcks.push(performance.now());
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-saved-id'] });
  // A task counts in the phase it started in (entries arrive late: a task just before a
  // phase began must not count as that phase's).
  const starts = [[0, 'open']];
  const stats = {
    set phase(name) {
      starts.push([performance.now(), name]);
    },
    longest: {},
    count: {},
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const phase = starts.findLast(([at]) => at <= entry.startTime)[1];
      stats.longest[phase] = Math.max(stats.longest[phase] ?? 0, entry.duration);
      stats.count[phase] = (stats.count[phase] ?? 0) + 1;
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

/** Runs in the page: a bare IndexedDB open, count of the survey's measurements and 50-record read. */
async function bareOpen(surveyId) {
  const t0 = performance.now();
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tx = db.transaction('measurements');
  const store = tx.objectStore('measurements');
  const count = await new Promise((resolve) => {
    const r = store.index('by-survey').count(surveyId);
    r.onsuccess = () => resolve(r.result);
  });
  const page = await new Promise((resolve) => {
    const rows = [];
    const r = store.index('by-date').openCursor(null, 'prev');
    r.onsuccess = () => {
      const cursor = r.result;
      if (!cursor || rows.length === 50) return resolve(rows);
      rows.push(cursor.value);
      cursor.continue();
    };
  });
  const ms = performance.now() - t0;
  db.close();
  return { ms, count, rows: page.length };
}

/** Runs in the page: a bare strict-durability put of a copy of a measurement; its time. */
async function barePut(surveyId) {
  const db = await new Promise((resolve) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
  });
  const sample = await new Promise((resolve) => {
    const r = db.transaction('measurements').objectStore('measurements').index('by-survey').get(surveyId);
    r.onsuccess = () => resolve(r.result);
  });
  const record = { ...sample, id: `bare-${Math.random().toString(16).slice(2)}`, createdAt: new Date().toISOString() };
  const t0 = performance.now();
  const tx = db.transaction('measurements', 'readwrite', { durability: 'strict' });
  tx.objectStore('measurements').put(record);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onabort = () => reject(tx.error);
  });
  const ms = performance.now() - t0;
  const clean = db.transaction('measurements', 'readwrite');
  clean.objectStore('measurements').delete(record.id);
  await new Promise((resolve) => (clean.oncomplete = resolve));
  db.close();
  return ms;
}

/** Runs in the page: ms from the workspace's start mark until the list heading shows `text`. */
async function untilCountShown(text) {
  for (;;) {
    const heading = [...document.querySelectorAll('h3')].find((h) => h.textContent?.includes(`(${text})`));
    const start = performance.getEntriesByName('clearway:workspace-start')[0];
    if (heading && start) return performance.now() - start.startTime;
    await new Promise((r) => setTimeout(r, 1));
  }
}

export async function surveyScaleCase({ measurements = 100_000 } = {}) {
  const { page, section, close } = await openAppWithSurvey(instrument, 'Scale');
  try {
    const surveyId = await page.evaluate(seed, measurements);

    // Open: until the list heading shows the count. The bare peer runs in a page of its own
    // (the app's icon, same origin: same database) while the app's page is blank, so neither
    // side pays for the other's work (the workspace starts maplibre, whose frames would
    // otherwise slow the peer); alternating which side runs first, so neither always gets a
    // warm cache.
    const origin = new URL(page.url()).origin;
    const peerPage = await page.context().newPage();
    await peerPage.goto(`${origin}/icon.svg`);
    const total = (measurements + 1).toLocaleString('en');
    const ours = [];
    const bare = [];
    let bareResult = null;
    const runPeer = async () => {
      bareResult = await peerPage.evaluate(bareOpen, surveyId);
      bare.push(bareResult.ms);
    };
    const runOurs = async () => {
      await page.goto(`${origin}/`);
      ours.push(await page.evaluate(untilCountShown, total));
    };
    for (let round = 0; round < 4; round += 1) {
      await page.goto('about:blank');
      if (round % 2 === 1) {
        await runPeer();
        await runOurs();
      } else {
        await runOurs();
        await page.goto('about:blank');
        await runPeer();
      }
    }
    // The last round ends on the workspace, where the saves below are made.
    const openMs = Math.min(...ours);
    const bareOpenMs = Math.min(...bare);
    const rowsInDom = await page.locator('.measurements__row').count();

    // Save one measurement, SAVES times, each next to a bare put; medians, the write delay subtracted.
    // The workspace has settled first (the map has drawn the survey, the running CSV is
    // folded), so the save phase's long tasks are the saves' own.
    await page.evaluate(async () => {
      // At most two minutes for both: a workspace that never settles is measured as it is.
      const giveUp = performance.now() + 120_000;
      for (const mark of ['clearway:map-data-ready', 'clearway:csv-compacted']) {
        while (performance.getEntriesByName(mark).length === 0 && performance.now() < giveUp) await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 1000));
      window.__scale.phase = 'save';
    });
    const capture = page.getByRole('form', { name: 'Record a measurement' });
    const saves = [];
    const acks = [];
    const puts = [];
    for (let i = 0; i < SAVES; i += 1) {
      puts.push(await peerPage.evaluate(barePut, surveyId));
      await capture.getByLabel('Height').fill(String(4 + i / 100));
      const acked = await page.evaluate(() => window.__saveAcks.length);
      await capture.getByRole('button', { name: 'Save measurement' }).click();
      await page.waitForFunction((n) => window.__saveAcks.length > n, acked);
      const { click, ack, store } = await page.evaluate(() => {
        const last = (name) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
        const delay = last('clearway:save-delay-end') - last('clearway:save-delay');
        return { click: window.__saveClicks.at(-1), ack: window.__saveAcks.at(-1), store: last('clearway:save-stored') - last('clearway:save-start') - delay };
      });
      acks.push(ack - click - WRITE_DELAY_MS);
      saves.push(store);
    }
    saves.sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    puts.sort((a, b) => a - b);

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
    const stats = await page.evaluate(() => ({ longest: window.__scale.longest, count: window.__scale.count }));
    const round = (x) => Math.round(x * 1000) / 1000;
    const sameOpen = bareResult?.count === measurements + 1 && bareResult?.rows === 50;
    return [
      {
        name: `survey-open-${measurements / 1000}k-vs-bare-indexeddb`,
        ours: 'the app: workspace start mark until the list heading shows the count (storage open, count, newest page, highest POI number, render)',
        peer: 'bare IndexedDB in its own page of the same origin, the app page blank meanwhile: open + by-survey count + 50-record by-date read',
        ratio: round(bareOpenMs / openMs),
        limit: 'ours <= 2x peer (ratio >= 0.5)',
        ours_ms: round(openMs),
        peer_ms: round(bareOpenMs),
        same_result: sameOpen,
        rows_in_dom: rowsInDom,
      },
      {
        name: `save-one-measurement-${measurements / 1000}k-vs-bare-put`,
        ours:
          "the app's data layer: addMeasurement from its call to its durable outcome (the record built and its CSV row written by the core, one strict transaction with the row and the outbox entry), minus the SPEC 50 ms write delay as it actually ran",
        peer: 'bare strict-durability put of the same record, in its own page beside the idle workspace',
        ratio: round(puts[MEDIAN] / saves[MEDIAN]),
        limit: 'ours <= 2x peer (ratio >= 0.5)',
        ours_ms_median: round(saves[MEDIAN]),
        peer_ms_median: round(puts[MEDIAN]),
        form_ack_ms_median: round(acks[MEDIAN]),
        form_ack: 'without a limit: the click on Save measurement until the form shows the outcome, minus 50 ms (adds the form, React and the list)',
      },
      {
        name: `survey-${measurements / 1000}k`,
        ours: 'wasm',
        peer: null,
        ratio: null,
        measurements: measurements + 1 + SAVES,
        export_csv_ms: csv.ms,
        export_zip_ms: zip.ms,
        longest_task_ms: Object.fromEntries(Object.entries(stats.longest).map(([k, v]) => [k, round(v)])),
        long_tasks: stats.count,
      },
    ];
  } finally {
    await close();
  }
}
