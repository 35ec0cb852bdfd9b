// Issue 12 points 4–9 in the browser: the route planner of the workspace. Expected texts are
// SPEC §5 and §8 word for word; the driving link is written by hand from SPEC §7 and the
// Google Maps URLs documentation; the imported GPX is a corpus file, its counts and ends read
// from the file (and the corpus manifest) by this test, never from the code under test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CORPUS } from './support/nmeaCorpus';
import { fillRoute, openPlanner, planner, routeForm, toastWith, waypointValues } from './support/routes';

const MISSING = 'Route must have both an origin and destination point';

test('saving needs an origin and a destination: the SPEC message beside each missing field at once', async ({ page }) => {
  await openPlanner(page);
  const form = routeForm(page);
  await form.getByRole('button', { name: 'Save route' }).click();
  await expect(form.getByRole('alert')).toHaveText([MISSING, MISSING]);
  await expect(form.getByLabel('Origin', { exact: true })).toHaveAccessibleDescription(MISSING);
  await expect(form.getByLabel('Destination', { exact: true })).toHaveAccessibleDescription(MISSING);
  await form.getByLabel('Origin', { exact: true }).fill('43.7311, 7.4197');
  await form.getByRole('button', { name: 'Save route' }).click();
  await expect(form.getByRole('alert')).toHaveText([MISSING]);
  await expect(form.getByLabel('Destination', { exact: true })).toHaveAccessibleDescription(MISSING);
  await expect(toastWith(page, 'Saving route...')).toHaveCount(0);
});

test('save, update and delete (asked first): the SPEC toasts word for word, kept across a reload', async ({ page }) => {
  await openPlanner(page);
  await fillRoute(page, { name: 'Port run', origin: '43.7311, 7.4197', waypoints: ['43.7365, 7.4215'], destination: '43.7402, 7.4262' });
  await routeForm(page).getByRole('button', { name: 'Save route' }).click();
  await expect(toastWith(page, 'Saving route...')).toBeVisible();
  await expect(toastWith(page, 'Route saved successfully')).toBeVisible();
  await expect(planner(page).getByRole('list', { name: 'Saved routes' }).getByRole('listitem')).toHaveText(['Port runOpen']);

  await routeForm(page).getByLabel('Name', { exact: true }).fill('Port run (north)');
  await routeForm(page).getByRole('button', { name: 'Update route' }).click();
  await expect(toastWith(page, 'Updating route...')).toBeVisible();
  await expect(toastWith(page, 'Route updated successfully')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Routes' }).click();
  await planner(page).getByRole('button', { name: 'Open route Port run (north)' }).click();
  const form = routeForm(page);
  await expect(form.getByLabel('Origin', { exact: true })).toHaveValue('43.7311, 7.4197');
  await expect(form.getByLabel('Waypoint 1', { exact: true })).toHaveValue('43.7365, 7.4215');
  await expect(form.getByLabel('Destination', { exact: true })).toHaveValue('43.7402, 7.4262');
  await expect(form.getByLabel('Colour')).toHaveValue('#3b82f6');

  await form.getByRole('button', { name: 'Delete route' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete route?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(planner(page).getByRole('button', { name: 'Open route Port run (north)' })).toBeVisible();

  await form.getByRole('button', { name: 'Delete route' }).click();
  await page.getByRole('alertdialog', { name: 'Delete route?' }).getByRole('button', { name: 'Delete route' }).click();
  await expect(toastWith(page, 'Route deleted successfully')).toBeVisible();
  await expect(planner(page).getByRole('list', { name: 'Saved routes' })).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Routes' }).click();
  await expect(planner(page).getByRole('list', { name: 'Saved routes' })).toHaveCount(0);
});

test('waypoints are reordered from the keyboard (the handle and the arrow keys), and removed', async ({ page }) => {
  await openPlanner(page);
  await fillRoute(page, { waypoints: ['1, 1', '2, 2', '3, 3'] });
  const form = routeForm(page);
  await form.getByRole('button', { name: 'Reorder waypoint 3' }).focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => waypointValues(page)).toEqual(['3, 3', '1, 1', '2, 2']);
  await expect(form.getByRole('button', { name: 'Reorder waypoint 1' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => waypointValues(page)).toEqual(['1, 1', '3, 3', '2, 2']);
  await form.getByRole('button', { name: 'Remove waypoint 1' }).click();
  await expect.poll(() => waypointValues(page)).toEqual(['3, 3', '2, 2']);
});

test('waypoints are reordered by dragging the handle', async ({ page }) => {
  // Tall enough that the handle and the drop target are both in view: Playwright's drag does
  // not scroll the planner's column between the press and the drop.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openPlanner(page);
  await fillRoute(page, { waypoints: ['1, 1', '2, 2', '3, 3'] });
  const form = routeForm(page);
  await form.getByRole('button', { name: 'Reorder waypoint 1' }).dragTo(form.getByLabel('Waypoint 3', { exact: true }));
  await expect.poll(() => waypointValues(page)).toEqual(['2, 2', '3, 3', '1, 1']);
});

test('calculate with no routing service reachable: straight lines, with the SPEC toasts, saved as the route line', async ({ page }) => {
  // The default 'OSRM service URL' is the public demo server: refused here, as with no signal.
  await page.route('**/route/v1/driving/**', (route) => route.abort('internetdisconnected'));
  await openPlanner(page);
  await fillRoute(page, { name: 'No signal', origin: '43.7311, 7.4197', waypoints: ['43.7365, 7.4215'], destination: '43.7402, 7.4262' });
  await routeForm(page).getByRole('button', { name: 'Calculate route' }).click();
  await expect(toastWith(page, 'Calculating route along roads...')).toBeVisible();
  await expect(toastWith(page, 'Could not calculate route along roads. Using straight lines instead.')).toBeVisible();
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText('Route line: 3 points, as straight lines between the points');
  await routeForm(page).getByRole('button', { name: 'Save route' }).click();
  await expect(toastWith(page, 'Route saved successfully')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Routes' }).click();
  await planner(page).getByRole('button', { name: 'Open route No signal' }).click();
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText('Route line: 3 points, as straight lines between the points');
});

test('calculate through OSRM: its line is the route line, with the SPEC toast', async ({ page }) => {
  // A reply in OSRM's documented shape (synthesised for this test): a 4-point line.
  const line = [
    [7.4197, 43.7311],
    [7.4205, 43.7340],
    [7.4240, 43.7380],
    [7.4262, 43.7402],
  ];
  let asked = '';
  await page.route('**/route/v1/driving/**', async (route) => {
    asked = route.request().url();
    await route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates: line }, legs: [], distance: 1400, duration: 180 }], waypoints: [] }),
    });
  });
  await openPlanner(page);
  await fillRoute(page, { origin: '43.7311, 7.4197', destination: '43.7402, 7.4262' });
  await routeForm(page).getByRole('button', { name: 'Calculate route' }).click();
  await expect(toastWith(page, 'Route calculated successfully using OSRM')).toBeVisible();
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText('Route line: 4 points, along roads (OSRM)');
  expect(asked).toContain('/route/v1/driving/7.4197,43.7311;7.4262,43.7402?overview=full&geometries=geojson&steps=true&annotations=true');
});

test('optimise: needs both ends (SPEC §5), then orders the waypoints and shows the distance saved', async ({ page }) => {
  await openPlanner(page);
  const form = routeForm(page);
  await form.getByRole('button', { name: 'Optimise route' }).click();
  await expect(form.getByRole('alert')).toHaveText('Route must have an origin and destination');
  // Along a line of longitude: 0 → 3 visited out of order; the shortest way is 1, 2.
  await fillRoute(page, { origin: '0, 0', waypoints: ['0, 2', '0, 1'], destination: '0, 3' });
  await form.getByRole('button', { name: 'Optimise route' }).click();
  await expect.poll(() => waypointValues(page)).toEqual(['0, 1', '0, 2']);
  await expect(form.getByRole('status').filter({ hasText: 'Optimised:' })).toContainText(/km shorter than ordering the waypoints by distance from the origin/);
});

test('copy driving link: the SPEC §7 URL on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlanner(page);
  await fillRoute(page, { origin: '43.7311, 7.4197', waypoints: ['43.7365, 7.4215', '43.7384, 7.4246'], destination: '43.7402, 7.4262' });
  await routeForm(page).getByRole('button', { name: 'Copy driving link' }).click();
  await expect(routeForm(page).getByRole('status').filter({ hasText: 'Driving link copied' })).toHaveText('Driving link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    'https://www.google.com/maps/dir/?api=1&origin=43.7311%2C7.4197&destination=43.7402%2C7.4262' +
      '&waypoints=43.7365%2C7.4215%7C43.7384%2C7.4246&travelmode=driving',
  );
});

test('import a GPX file through the core: its line, its ends as origin and destination, the SPEC toast; a broken one fails with the SPEC messages', async ({ page }) => {
  const file = join(CORPUS, 'gpx', 'georust-gpx', 'gpsies_example.gpx');
  const text = readFileSync(file, 'utf8');
  const points = [...text.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'gpx', 'manifest.json'), 'utf8')) as { files: Record<string, { trkpt: number }> };
  expect(points).toHaveLength(manifest.files['georust-gpx/gpsies_example.gpx']?.trkpt ?? -1);
  const six = (v: number) => String(Number(v.toFixed(6)));
  const [first, last] = [points[0], points[points.length - 1]];
  if (!first || !last) throw new Error('the fixture has no track points');

  await openPlanner(page);
  const form = routeForm(page);
  await form.getByLabel('Import route (GPX, GeoJSON or KML)').setInputFiles(file);
  await expect(toastWith(page, 'GPX route imported successfully')).toContainText(`${points.length} points imported`);
  await expect(form.getByLabel('Origin', { exact: true })).toHaveValue(`${six(first[0])}, ${six(first[1])}`);
  await expect(form.getByLabel('Destination', { exact: true })).toHaveValue(`${six(last[0])}, ${six(last[1])}`);
  await expect(form.getByTestId('route-geometry')).toHaveText(`Route line: ${points.length} points, from the imported file`);

  await form.getByLabel('Import route (GPX, GeoJSON or KML)').setInputFiles({ name: 'broken.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('<gpx><trk><trkseg><trkpt lat="1"') });
  await expect(toastWith(page, 'Failed to import GPX route')).toContainText('Invalid GPX file format');
  await form.getByLabel('Import route (GPX, GeoJSON or KML)').setInputFiles({ name: 'empty.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type":"FeatureCollection","features":[]}') });
  await expect(toastWith(page, 'Failed to import route')).toContainText('Invalid GeoJSON file');
});
