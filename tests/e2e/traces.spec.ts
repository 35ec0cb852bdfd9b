// Issue 12 point 11, the vehicle trace, in Chromium: a real 1 Hz log (AeroRust's nmea1.log,
// a fast-moving platform) streamed through the fake serial receiver one epoch per second of
// the page's clock; what IndexedDB holds afterwards, read directly; a gap of more than 10 s
// without a fix in the GPX and GeoJSON exports; the switch off; the wake lock's state.
import { expect, test } from '@playwright/test';
import { useFakeSerial } from './support/fakeSerial';
import { gpsField, openSettings } from './support/gpsPanel';
import { idbTracePoints, idbSurveys } from './support/storedData';
import { createSurvey } from './support/survey';
import { activeSurveyId, drive, epochsOf, exportAs, movingLog, traceFact, tracePanel } from './support/trace';

// Positions from the serial port only.
const SERIAL_ONLY = { gps_failsafe_enabled: 'false' };
const EPOCHS = epochsOf(movingLog());

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await useFakeSerial(page);
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('none');
});

test('a trace from the serial receiver lands in IndexedDB: one point a second with its position, speed and heading', async ({ page }) => {
  await createSurvey(page, { title: 'Trace run', surveyor: 'Ana', client: 'Client A' });
  await expect(tracePanel(page).getByRole('switch', { name: 'Record vehicle trace' })).toBeChecked();
  const driven = EPOCHS.slice(0, 12);
  await drive(page, driven);
  await expect(traceFact(page, 'Trace')).toHaveText('Recording');
  // 12 points wait for their batch (20 points or 10 s): the age limit writes them.
  await page.clock.fastForward(10_000);
  await expect(traceFact(page, 'Trace points')).toHaveText('12 recorded');

  const surveyId = await activeSurveyId(page);
  const stored = (await idbTracePoints(page, surveyId)).sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
  expect(stored).toHaveLength(12);
  for (const [i, point] of stored.entries()) {
    const epoch = driven[i]!;
    expect(point.surveyId).toBe(surveyId);
    expect(point.routeId).toBeNull();
    expect(point.latitude).toBeCloseTo(epoch.latitude, 6);
    expect(point.longitude).toBeCloseTo(epoch.longitude, 6);
    expect(point.speed).toBeCloseTo(epoch.speedKmh, 1);
    expect(point.heading).toBeCloseTo(epoch.course, 1);
    expect(point.gapBefore === true).toBe(i === 0);
  }
  const times = stored.map((p) => Date.parse(String(p.timestamp)));
  for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_000);
  expect(new Set(stored.map((p) => p.id)).size).toBe(12);
});

test('more than 10 s without a fix is a gap: two track segments in GPX, a MultiLineString in GeoJSON, two lines in KML', async ({ page }) => {
  await createSurvey(page, { title: 'Gap run', surveyor: 'Ana', client: 'Client A' });
  await drive(page, EPOCHS.slice(0, 4));
  // The receiver goes quiet for 12 s (a tunnel), then the log resumes 40 s further on.
  await page.clock.fastForward(12_000);
  await expect(traceFact(page, 'Trace')).toHaveText('Waiting for a GPS fix');
  await drive(page, EPOCHS.slice(40, 44));

  const gpx = (await exportAs(page, 'gpx')).toString('utf8');
  const segments = [...gpx.matchAll(/<trkseg>([\s\S]*?)<\/trkseg>/g)].map((m) => m[1]!);
  expect(segments).toHaveLength(2);
  expect(segments.map((s) => s.match(/<trkpt /g)?.length)).toEqual([4, 4]);
  expect(segments[1]).toContain(`lat="${EPOCHS[40]!.latitude.toFixed(6)}"`);
  expect(segments[0]).not.toContain(`lat="${EPOCHS[40]!.latitude.toFixed(6)}"`);

  const geojson = JSON.parse((await exportAs(page, 'geojson')).toString('utf8')) as {
    features: { properties: { kind?: string }; geometry: { type: string; coordinates: number[][][] } }[];
  };
  const trace = geojson.features.filter((f) => f.properties.kind === 'vehicleTrace');
  expect(trace).toHaveLength(1);
  expect(trace[0]!.geometry.type).toBe('MultiLineString');
  const lines = trace[0]!.geometry.coordinates;
  expect(lines.map((line) => line.length)).toEqual([4, 4]);
  expect(lines[0]![3]![1]).toBeCloseTo(EPOCHS[3]!.latitude, 6);
  expect(lines[1]![0]![1]).toBeCloseTo(EPOCHS[40]!.latitude, 6);

  const kml = (await exportAs(page, 'kml')).toString('utf8');
  const placemark = kml.slice(kml.indexOf('<Folder><name>Vehicle trace</name>'));
  expect(placemark.match(/<LineString>/g)).toHaveLength(2);
});

test('the switch off records nothing, and stays off after a reload (saved on the survey)', async ({ page }) => {
  await createSurvey(page, { title: 'No trace', surveyor: 'Ana', client: 'Client A' });
  const toggle = tracePanel(page).getByRole('switch', { name: 'Record vehicle trace' });
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await expect(traceFact(page, 'Trace')).toHaveText('Off');
  await expect.poll(async () => (await idbSurveys(page)).length).toBe(1);

  await drive(page, EPOCHS.slice(0, 6));
  await page.clock.fastForward(11_000);
  const surveyId = await activeSurveyId(page);
  expect(await idbTracePoints(page, surveyId)).toEqual([]);
  await expect(traceFact(page, 'Trace points')).toHaveText('0 recorded');
  await expect(traceFact(page, 'Screen')).toHaveText('Screen may sleep: the trace is not recording');

  await page.reload();
  await expect(tracePanel(page).getByRole('switch', { name: 'Record vehicle trace' })).not.toBeChecked();
  const stored = await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const get = request.result.transaction('surveys').objectStore('surveys').get(id);
          get.onsuccess = () => {
            request.result.close();
            resolve((get.result as { enableVehicleTrace?: unknown }).enableVehicleTrace);
          };
        };
        request.onerror = () => reject(request.error);
      }),
    surveyId,
  );
  expect(stored).toBe(false);
});

test('the screen wake lock (the real navigator.wakeLock): held while recording, let go when the switch is off', async ({ page }) => {
  await createSurvey(page, { title: 'Wake lock', surveyor: 'Ana', client: 'Client A' });
  expect(await page.evaluate(() => 'wakeLock' in navigator)).toBe(true);
  await expect(traceFact(page, 'Screen')).toHaveText('Screen kept on');
  const toggle = tracePanel(page).getByRole('switch', { name: 'Record vehicle trace' });
  await toggle.uncheck();
  await expect(traceFact(page, 'Screen')).toHaveText('Screen may sleep: the trace is not recording');
  await toggle.check();
  await expect(traceFact(page, 'Screen')).toHaveText('Screen kept on');
});
