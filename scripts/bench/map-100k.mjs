// Map case (issue 12 point 13): the built app's field map with a survey of 100,000
// measurements and a 50,000-point vehicle trace (5 segments between gaps), at 4x CPU
// throttling in Debian's Chromium, against maplibre's plain GeoJSON source of the same
// features (no clustering; one circle per measurement, the trace as lines) in a page of the
// same origin reading the same IndexedDB records: both sides pay the read of the survey
// from IndexedDB (ours through the app's store, the peer with bare getAll calls). Ours
// also judges each marker's clearance status against the survey's load profile (rings).
// For each side:
// - first idle: from the map's start (ours: the earlier of the 'clearway:map-start' mark of
//   MapView and the 'clearway:map-data-start' mark where the map's read of the survey
//   begins, which comes first once the core is in before the map's chunk; the peer: the
//   start of its script) until the map is idle with the measurements and the
//   trace drawn; `ratio` = peer / ours (>= 1: ours at least as fast, the target);
// - panning: the longest main-thread task (longtask entries) during 12 animated pans; the
//   target is no task over 100 ms.
// Each side's time runs until everything is drawn. same_result: both sides draw every measurement (ours: single markers + the members of its
// clusters; the peer: its circles) and the same number of trace lines.
// A measurement, never a test: it reports what it saw and does not fail on a slow machine.
//   node scripts/bench.mjs map-100k
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { openAppWithSurvey } from './browser.mjs';

const THROTTLE = 4;
/** Ours starts at the earlier of the map's start and the start of its read of the survey. */
const OURS_START = ['clearway:map-start', 'clearway:map-data-start'];
const MAPLIBRE = join(root, 'node_modules', 'maplibre-gl', 'dist');

function instrument() {
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
  window.__longest = { phase: 'load', ms: {} };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longest.ms[window.__longest.phase] = Math.max(window.__longest.ms[window.__longest.phase] ?? 0, e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Runs in the page: the survey's measurements and trace, straight into IndexedDB (deterministic). */
async function seed({ measurements, tracePoints, segments }) {
  const db = await new Promise((resolve, reject) => {
    const r = indexedDB.open('clearway');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const survey = await new Promise((resolve) => {
    const r = db.transaction('surveys').objectStore('surveys').getAll();
    r.onsuccess = () => resolve(r.result.find((s) => s.active));
  });
  // A load profile, so that ours also judges every marker's clearance status (its ring).
  await new Promise((resolve, reject) => {
    const tx = db.transaction('surveys', 'readwrite');
    tx.objectStore('surveys').put({ ...survey, loadProfile: { heightM: 4.2, bufferM: 0.15, tightBandM: 0.15, sagDeltaC: 5 } });
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  let state = 12345;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const types = ['bridge', 'wire', 'tree', 'powerLine', 'trafficLight'];
  const start = Date.parse('2026-06-01T08:00:00Z');
  const put = async (store, count, make) => {
    for (let done = 0; done < count; ) {
      const tx = db.transaction(store, 'readwrite');
      for (const end = Math.min(count, done + 5000); done < end; done += 1) tx.objectStore(store).put(make(done));
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }
  };
  await put('measurements', measurements, (i) => {
    const at = new Date(start + i * 3000).toISOString();
    return {
      id: `map-${String(i).padStart(6, '0')}`,
      user_id: survey.id,
      rel: 4 + (i % 300) / 100,
      latitude: 43.72 + random() * 0.04,
      longitude: 7.4 + random() * 0.05,
      utcDate: at.slice(0, 10),
      utcTime: at.slice(11, 19),
      roadNumber: '1',
      poiNumber: i + 2,
      poi_type: types[i % types.length],
      note: '',
      source: 'manual',
      createdAt: at,
    };
  });
  let lat = 43.73;
  let lng = 7.42;
  const perSegment = tracePoints / segments;
  await put('vehicleTraces', tracePoints, (i) => {
    lat = Math.min(43.76, Math.max(43.72, lat + (random() - 0.5) * 0.0004));
    lng = Math.min(7.45, Math.max(7.4, lng + (random() - 0.5) * 0.0004));
    return {
      id: `trace-${String(i).padStart(6, '0')}`,
      surveyId: survey.id,
      routeId: null,
      timestamp: new Date(start + i * 1000).toISOString(),
      latitude: lat,
      longitude: lng,
      speed: 40,
      heading: 90,
      gapBefore: i % perSegment === 0,
    };
  });
  db.close();
  return survey.id;
}

/** Runs in the page: waits until `map` is idle with every measurement and trace line drawn (at most 240 s); ms since `since`, and what was drawn. */
async function untilDrawn({ selector, points, clusters, lines, since, expect }) {
  const giveUp = performance.now() + 240_000;
  for (;;) {
    const map = document.querySelector(selector)?.clearwayMap ?? window.__peerMap;
    if (map && map.loaded() && map.getLayer(lines)) {
      const trace = map.queryRenderedFeatures({ layers: [lines] });
      const drawnLayers = [points, clusters].filter((l) => l && map.getLayer(l));
      const marks = map.queryRenderedFeatures({ layers: drawnLayers });
      const complete = (drawn, segments) => (drawn === expect.drawn && segments === expect.segments) || performance.now() > giveUp;
      if (trace.length > 0 && marks.length > 0) {
        const t = performance.now();
        // The earliest of the marks named (ours starts at the map's start or at the start of
        // the survey's read, whichever came first), or a time.
        const startMark = Array.isArray(since) ? Math.min(...since.map((name) => performance.getEntriesByName(name)[0]?.startTime ?? Infinity)) : since;
        const singles = new Set();
        const groups = new Map();
        for (const f of marks) {
          if (f.properties.cluster_id !== undefined) groups.set(f.properties.cluster_id, f.properties.point_count);
          else singles.add(f.properties.mid ?? f.properties.id);
        }
        const segments = new Set(trace.map((f) => f.properties.segment)).size;
        const drawn = singles.size + [...groups.values()].reduce((a, b) => a + b, 0);
        if (complete(drawn, segments)) return { ms: t - (startMark ?? 0), drawn, segments };
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs in the page: 12 animated pans; the longest task meanwhile. */
async function pan(selector) {
  const map = document.querySelector(selector)?.clearwayMap ?? window.__peerMap;
  window.__longest.phase = 'pan';
  const moves = [[300, 0], [0, 200], [-300, 0], [0, -200]];
  for (let i = 0; i < 12; i += 1) {
    await new Promise((resolve) => {
      map.once('moveend', resolve);
      map.panBy(moves[i % 4], { duration: 400 });
    });
  }
  await new Promise((resolve) => map.once('idle', resolve));
  await new Promise((r) => setTimeout(r, 200));
  return window.__longest.ms.pan ?? 0;
}

/** The peer page: maplibre's plain GeoJSON source of the survey's records, in a frame the map's size. */
const peerHtml = (surveyId, width, height) => `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/__peer/maplibre-gl.css"></head><body style="margin:0">
<div id="peer" style="width:${width}px;height:${height}px"></div>
<script type="module">
performance.mark('peer-start');
const maplibregl = await import('/__peer/maplibre-gl.mjs');
maplibregl.setWorkerUrl('/__peer/maplibre-gl-worker.mjs');
const db = await new Promise((ok) => { const r = indexedDB.open('clearway'); r.onsuccess = () => ok(r.result); });
const all = (store, index) => new Promise((ok) => { const r = db.transaction(store).objectStore(store).index(index).getAll(${JSON.stringify(surveyId)}); r.onsuccess = () => ok(r.result); });
const [ms, trace] = await Promise.all([all('measurements', 'by-survey'), all('vehicleTraces', 'by-survey')]);
trace.sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
const points = { type: 'FeatureCollection', features: ms.filter((m) => Number.isFinite(m.latitude) && Number.isFinite(m.longitude)).map((m) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [m.longitude, m.latitude] }, properties: { id: m.id, t: m.poi_type } })) };
const lines = []; let cur = [];
for (const p of trace) { if (p.gapBefore && cur.length) { lines.push(cur); cur = []; } cur.push([p.longitude, p.latitude]); }
if (cur.length) lines.push(cur);
const traceFc = { type: 'FeatureCollection', features: lines.filter((l) => l.length > 1).map((coordinates, segment) => ({ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: { segment } })) };
const map = new maplibregl.Map({ container: 'peer', style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef0f2' } }] }, center: [0, 20], zoom: 1 });
window.__peerMap = map;
map.on('load', () => {
  map.addSource('t', { type: 'geojson', data: traceFc });
  map.addSource('m', { type: 'geojson', data: points });
  map.addLayer({ id: 'peer-trace', type: 'line', source: 't', paint: { 'line-color': '#7c3aed', 'line-width': 3 } });
  map.addLayer({ id: 'peer-points', type: 'circle', source: 'm', paint: { 'circle-radius': 5, 'circle-color': ['match', ['get', 't'], 'bridge', '#aa0000', 'wire', '#00aa00', '#334155'] } });
  const b = new maplibregl.LngLatBounds();
  for (const f of points.features) b.extend(f.geometry.coordinates);
  map.fitBounds(b, { padding: 40, maxZoom: 16, duration: 0 });
});
</script></body></html>`;

export async function mapCase({ measurements = 100_000, tracePoints = 50_000, segments = 5 } = {}) {
  const { page, close } = await openAppWithSurvey(instrument, 'Map 100k');
  try {
    const surveyId = await page.evaluate(seed, { measurements, tracePoints, segments });
    const cdp = await page.context().newCDPSession(page);
    const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });

    // Ours: the workspace's map, reloaded over the seeded survey.
    await throttle();
    await page.reload();
    const oursLoad = await page.evaluate(untilDrawn, {
      selector: '.field-map__canvas',
      points: 'cw-measurements',
      clusters: 'cw-measurement-clusters',
      lines: 'cw-trace-line',
      since: OURS_START,
      expect: { drawn: measurements, segments },
    });
    const oursFromNavigation = await page.evaluate(() => performance.now());
    // When the app had read and styled the survey's records, relative to ours' start (above).
    const oursDataReady = await page.evaluate((starts) => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? Infinity;
      const ready = at('clearway:map-data-ready');
      return ready === Infinity ? null : ready - Math.min(...starts.map(at));
    }, OURS_START);
    const oursLoadLongest = await page.evaluate(() => window.__longest.ms.load ?? 0);
    // MAP_BENCH_TRACE=file.json writes a Chromium trace of our pans (DevTools' Performance panel opens it).
    const trace = process.env.MAP_BENCH_TRACE;
    if (trace) await page.context().browser().startTracing(page, { path: trace, categories: ['toplevel', 'devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
    const oursPan = await page.evaluate(pan, '.field-map__canvas');
    if (trace) await page.context().browser().stopTracing();
    const box = await page.locator('.field-map__canvas').boundingBox();

    // The peer: same origin (same IndexedDB), its own page, maplibre from node_modules.
    const files = {
      'maplibre-gl.mjs': await readFile(join(MAPLIBRE, 'maplibre-gl.mjs')),
      'maplibre-gl-worker.mjs': await readFile(join(MAPLIBRE, 'maplibre-gl-worker.mjs')),
      'maplibre-gl.css': await readFile(join(MAPLIBRE, 'maplibre-gl.css')),
    };
    await page.route('**/__peer/**', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === 'page') return route.fulfill({ contentType: 'text/html', body: peerHtml(surveyId, Math.round(box.width), Math.round(box.height)) });
      return route.fulfill({ contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript', body: files[name] });
    });
    await page.goto(new URL('/__peer/page', page.url()).href);
    await throttle();
    const peerLoad = await page.evaluate(untilDrawn, { selector: '#none', points: 'peer-points', clusters: null, lines: 'peer-trace', since: ['peer-start'], expect: { drawn: measurements, segments } });
    const peerLoadLongest = await page.evaluate(() => window.__longest.ms.load ?? 0);
    const peerPan = await page.evaluate(pan, '#none');

    const round = (x) => Math.round(x * 10) / 10;
    return [
      {
        name: `map-${measurements / 1000}k-first-idle-vs-plain-geojson`,
        ours: 'the field map: clustered GeoJSON markers styled from the POI table with their clearance status, trace split at gaps in chunks (from the earlier of the MapView start mark and the start of its survey read; reads the survey through the app store)',
        peer: "maplibre's plain GeoJSON source of the same records: one circle per measurement, trace lines (from its script start; bare IndexedDB reads)",
        ratio: Math.round((peerLoad.ms / oursLoad.ms) * 100) / 100,
        target: 'ours at least as fast (ratio >= 1)',
        cpu_throttling: THROTTLE,
        ours_ms: round(oursLoad.ms),
        peer_ms: round(peerLoad.ms),
        ours_from_navigation_ms: round(oursFromNavigation),
        ours_data_ready_ms: oursDataReady === null ? null : round(oursDataReady),
        longest_task_load_ms: { ours: round(oursLoadLongest), peer: round(peerLoadLongest) },
        same_result: oursLoad.drawn === measurements && peerLoad.drawn === measurements && oursLoad.segments === segments && peerLoad.segments === segments,
        drawn: { ours: oursLoad.drawn, peer: peerLoad.drawn, trace_lines_ours: oursLoad.segments, trace_lines_peer: peerLoad.segments },
      },
      {
        name: `map-${measurements / 1000}k-pan-longest-task`,
        ours: 'the field map, 12 animated pans',
        peer: 'the plain GeoJSON map, the same pans',
        ratio: Math.round((peerPan / Math.max(oursPan, 1)) * 100) / 100,
        target: 'no task over 100 ms while panning',
        ours_ms: round(oursPan),
        peer_ms: round(peerPan),
      },
    ];
  } finally {
    await close();
  }
}
