// Issue 12 point 10: 'Calculate route' against a REAL open routing service, osrm-routed on
// the Monaco road graph (tests/e2e/support/osrm.ts starts it before each test and stops it
// after), set as the 'OSRM service URL' in the workspace's settings. Its line follows the
// roads: more points than the route's own, starting and ending next to them, and longer
// than the straight lines between them. With that osrm-routed stopped (the service is down)
// the route is drawn as straight lines, with the SPEC §8 toasts word for word.
import { expect } from '@playwright/test';
import { setOsrmUrl, test } from './support/osrm';
import { fillRoute, openPlanner, planner, routeForm, toastWith } from './support/routes';
import { idbRows } from './support/storedData';

interface Point {
  lat: number;
  lng: number;
}

// Along the harbour and up to the casino; the integration suite routes the same points.
const ORIGIN = { lat: 43.7311, lng: 7.4197 };
const WAYPOINTS = [
  { lat: 43.7365, lng: 7.4215 },
  { lat: 43.7384, lng: 7.4246 },
];
const DESTINATION = { lat: 43.7402, lng: 7.4262 };
const text = (p: Point) => `${p.lat}, ${p.lng}`;

/** Great-circle distance in metres (haversine, mean Earth radius). */
function metres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
const lengthOf = (line: Point[]) => line.slice(1).reduce((sum, p, i) => sum + metres(line[i]!, p), 0);

test('calculate through the real osrm-routed: the saved line follows the roads, with the SPEC toasts', async ({ page, osrm }) => {
  test.setTimeout(60_000);
  await openPlanner(page);
  await setOsrmUrl(page, osrm.url);
  await page.getByRole('tab', { name: 'Routes' }).click();
  await fillRoute(page, { name: 'Harbour to casino', origin: text(ORIGIN), waypoints: WAYPOINTS.map(text), destination: text(DESTINATION) });
  await routeForm(page).getByRole('button', { name: 'Calculate route' }).click();
  await expect(toastWith(page, 'Calculating route along roads...')).toBeVisible();
  await expect(toastWith(page, 'Route calculated successfully using OSRM')).toBeVisible({ timeout: 20_000 });
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText(/^Route line: \d+ points, along roads \(OSRM\)$/);
  await routeForm(page).getByRole('button', { name: 'Save route' }).click();
  await expect(toastWith(page, 'Route saved successfully')).toBeVisible();

  const saved = (await idbRows(page, 'routes')).find((r) => r.name === 'Harbour to casino');
  const line = (saved?.routeGeometry ?? []) as Point[];
  const ours = [ORIGIN, ...WAYPOINTS, DESTINATION];
  // Roads bend: many more points than the four the surveyor gave.
  expect(line.length).toBeGreaterThan(ours.length * 3);
  // It starts and ends on the road nearest each end (OSRM snaps to the nearest street).
  expect(metres(line[0]!, ORIGIN)).toBeLessThan(150);
  expect(metres(line.at(-1)!, DESTINATION)).toBeLessThan(150);
  // It passes by each waypoint, in order.
  let from = 0;
  for (const waypoint of WAYPOINTS) {
    const at = line.findIndex((p, i) => i >= from && metres(p, waypoint) < 150);
    expect(at, `the line passes ${text(waypoint)}`).toBeGreaterThanOrEqual(from);
    from = at;
  }
  // Along roads is never shorter than straight lines between the same points.
  expect(lengthOf(line)).toBeGreaterThan(lengthOf(ours));
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText(`Route line: ${line.length} points, along roads (OSRM)`);

  // Kept across a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Routes' }).click();
  await planner(page).getByRole('button', { name: 'Open route Harbour to casino' }).click();
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText(`Route line: ${line.length} points, along roads (OSRM)`);
});

test('the OSRM service down (the real osrm-routed, stopped): straight lines, with the SPEC toasts', async ({ page, osrm }) => {
  await openPlanner(page);
  await setOsrmUrl(page, osrm.url);
  // The service goes down: the port it listened on now refuses connections.
  await osrm.stop();
  await page.getByRole('tab', { name: 'Routes' }).click();
  await fillRoute(page, { name: 'Service down', origin: text(ORIGIN), waypoints: [text(WAYPOINTS[0]!)], destination: text(DESTINATION) });
  await routeForm(page).getByRole('button', { name: 'Calculate route' }).click();
  await expect(toastWith(page, 'Calculating route along roads...')).toBeVisible();
  await expect(toastWith(page, 'Could not calculate route along roads. Using straight lines instead.')).toBeVisible({ timeout: 20_000 });
  await expect(toastWith(page, 'Route calculated successfully using OSRM')).toHaveCount(0);
  await expect(routeForm(page).getByTestId('route-geometry')).toHaveText('Route line: 3 points, as straight lines between the points');
  await routeForm(page).getByRole('button', { name: 'Save route' }).click();
  await expect(toastWith(page, 'Route saved successfully')).toBeVisible();
  const saved = (await idbRows(page, 'routes')).find((r) => r.name === 'Service down');
  expect(saved?.routeGeometry).toEqual([ORIGIN, WAYPOINTS[0], DESTINATION]);
});
