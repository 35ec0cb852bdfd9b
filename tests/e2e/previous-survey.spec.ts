// Issue 15 point 6 end to end: 'Compare with previous survey' reads an earlier survey of
// the route (a SPEC CSV written here, at test time) and each matched POI of the list says
// what changed, the report says it as `clearway report --previous` does (the same bytes),
// and the comparison survives a reload. And point 4's Bluetooth control explains
// itself where the browser has no Web Bluetooth or no adapter (headless Chromium here).
// Expected figures are worked by hand: the previous bridge is 0.0001° of latitude north
// (11.1 m, within 25 m) at 4.90 m; this survey's is 4.78 m, so 'field lower by 0.12 m'.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openSettings } from './support/gpsPanel';
import { jumpTo, rendered } from './support/map';
import { captureForm, createSurvey, listedRows, measurementList, saveMeasurement } from './support/survey';

const HEADER = 'Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m),Image,Video,Drawing';

function previousCsv(): Buffer {
  const rows = [
    HEADER,
    '2025-06-01,10:00:00,4.900,,45.501800,-73.567300,,,20,7,bridge,,manual,,,,,',
    // Same place, another type: never matched with the bridge.
    '2025-06-01,10:01:00,4.000,,45.501700,-73.567300,,,20,8,wire,,manual,,,,,',
    // A bridge 33 m away (0.0003°): beyond 25 m.
    '2025-06-01,10:02:00,5.500,,45.502000,-73.567300,,,20,9,bridge,,manual,,,,,',
  ];
  return Buffer.from(rows.join('\r\n') + '\r\n', 'utf8');
}

// Two surveys' worth of saving and a reload: generous on a machine shared by several builds.
test.setTimeout(180_000);

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 10 });
});

test('a previous survey CSV flags the bridge that is now lower, and the comparison is kept', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'A20 second run', surveyor: 'Ana', client: 'Hydro' });
  await saveMeasurement(page, { height: '4.78', type: 'Bridge' });
  // The trees 22 m east (0.0003° of longitude at 45.5°), so the map shows two markers.
  await page.context().setGeolocation({ latitude: 45.5017, longitude: -73.567, accuracy: 10 });
  await saveMeasurement(page, { height: '3.50', type: 'Trees' });
  const list = measurementList(page);
  await list.getByLabel('Previous survey file').setInputFiles({ name: 'a20-2025.csv', mimeType: 'text/csv', buffer: previousCsv() });
  await expect(list.getByRole('status')).toContainText('Compared with a20-2025.csv (3 POIs)');
  const bridgeRow = async () => (await listedRows(page)).find((r) => r.includes('Bridge')) ?? '';
  await expect.poll(bridgeRow).toContain('field lower by 0.12 m');
  // No trees in the previous survey: no comparison on that row.
  expect((await listedRows(page)).find((r) => r.includes('Trees'))).not.toContain('field');
  // On the map, the bridge (and only it) is drawn in the changed-clearance halo, as lower.
  await jumpTo(page, [-73.56715, 45.5017], 18);
  const halos = async () =>
    (await rendered(page, ['cw-measurements-previous-change'])).map((f) => `${String(f.properties.poi_type ?? f.properties.icon)}:${String(f.properties.previousChange)}`);
  await expect.poll(async () => (await halos()).length, { timeout: 30_000 }).toBe(1);
  expect((await halos())[0]).toContain(':lower');

  // The report carries it, and `clearway report BACKUP --previous CSV` writes the same bytes.
  const exportAs = async (format: string) => {
    await page.getByLabel('Export format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export survey' }).click();
    return (await download).path();
  };
  const backup = await exportAs('backup');
  const appPdf = await exportAs('report');
  const text = execFileSync('pdftotext', [appPdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Against the previous survey');
  expect(text).toContain('R001-POI00002 Bridge 4.78 m (previously 4.90 m at R020-POI00007, 11.1 m away): field lower by 0.12 m');
  const cli = fileURLToPath(new URL('../../target/debug/clearway', import.meta.url));
  expect(existsSync(cli), `${cli} is built by cargo test, which npm test runs first`).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'clearway-previous-'));
  const csv = join(dir, 'a20-2025.csv');
  writeFileSync(csv, previousCsv());
  const cliPdf = join(dir, 'cli.pdf');
  execFileSync(cli, ['report', backup, '-o', cliPdf, '--previous', csv]);
  expect(readFileSync(appPdf).equals(readFileSync(cliPdf)), 'the same bytes from the app and the CLI').toBe(true);

  await page.reload();
  await expect.poll(bridgeRow).toContain('field lower by 0.12 m');
  await measurementList(page).getByRole('button', { name: 'Stop comparing' }).click();
  await expect.poll(bridgeRow).not.toContain('field lower');
});

test('a file that is not a survey is refused with the reason, and nothing is compared', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'A20 second run', surveyor: 'Ana', client: 'Hydro' });
  await saveMeasurement(page, { height: '4.78', type: 'Bridge' });
  const list = measurementList(page);
  await list.getByLabel('Previous survey file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('Latitude,Longitude,Height (m)\r\n1,2,3\r\n') });
  await expect(list.getByRole('alert')).toHaveText("notes.csv cannot be compared: The previous survey's CSV has no POI Type column");
  expect((await listedRows(page)).join(' ')).not.toContain('field');
});

test('Connect laser (Bluetooth) explains itself when the browser has no adapter', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'A20 second run', surveyor: 'Ana', client: 'Hydro' });
  const support = await page.evaluate(async () => {
    const bt = (navigator as Navigator & { bluetooth?: { getAvailability(): Promise<boolean> } }).bluetooth;
    if (!bt) return 'no-api';
    return (await bt.getAvailability().catch(() => false)) ? 'supported' : 'no-adapter';
  });
  // Headless Chromium on a machine without Bluetooth: never a device to connect.
  expect(support).not.toBe('supported');
  const note = captureForm(page).getByRole('note', { name: 'Bluetooth laser' });
  await expect(note).toHaveText(
    support === 'no-api'
      ? "Bluetooth lasers (Leica DISTO, Bosch GLM) need Web Bluetooth, which this browser does not have: use Chrome or Edge on a computer or Android. A serial laser works through 'Connect rangefinder'."
      : 'Bluetooth lasers (Leica DISTO, Bosch GLM) cannot be connected: this device has no Bluetooth adapter, or Bluetooth is turned off.',
  );
  await expect(captureForm(page).getByRole('button', { name: 'Connect laser (Bluetooth)' })).toHaveCount(0);
  await expect(captureForm(page).getByRole('button', { name: 'Connect rangefinder' })).toBeVisible();
});
