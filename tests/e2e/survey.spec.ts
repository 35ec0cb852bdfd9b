// Issue "Surveys and measurements in the app", points 3, 4 and 6 in the browser: the survey
// lifecycle (SPEC §4), the capture form, the list with edit and delete, and exports.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openSettings } from './support/gpsPanel';
import { captureForm, createSurvey, listedRows, measurementList, saveMeasurement, summaryValue, surveySection } from './support/survey';

const MONTREAL = { latitude: 45.5017, longitude: -73.5673, accuracy: 10 };
const CSV_HEADER =
  'Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m)';

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(MONTREAL);
});

test('a new survey is validated with the SPEC messages, then created active with its START measurement', async ({ page }) => {
  await openSettings(page);
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();
  await surveySection(page).getByRole('button', { name: 'New survey' }).click();
  const form = page.getByRole('form', { name: 'New survey' });
  const create = form.getByRole('button', { name: 'Create survey' });

  // SPEC §5, every message at once, each next to (described by) its own field.
  await create.click();
  await expect(form.getByRole('alert')).toHaveText(['Survey title is required', 'Surveyor name is required', 'Client name is required']);
  await expect(form.getByLabel('Survey title')).toHaveAccessibleDescription('Survey title is required');
  await expect(form.getByLabel('Surveyor name')).toHaveAccessibleDescription('Surveyor name is required');
  await expect(form.getByLabel('Client name')).toHaveAccessibleDescription('Client name is required');
  await form.getByLabel('Survey title').fill('A7 bridges');
  await create.click();
  await expect(form.getByRole('alert')).toHaveText(['Surveyor name is required', 'Client name is required']);
  await expect(form.getByLabel('Survey title')).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Surveyor name').fill('Ana Surveyor');
  await form.getByLabel('Client name').fill('Heavy Haul Ltd');
  await create.click();

  await expect(summaryValue(page, 'Survey title')).toHaveText('A7 bridges');
  await expect(summaryValue(page, 'Surveyor name')).toHaveText('Ana Surveyor');
  await expect(summaryValue(page, 'Client name')).toHaveText('Heavy Haul Ltd');
  // SPEC §4: START, note 'SURVEY START', road 1, POI 1, height 0, at the current position.
  const rows = await listedRows(page);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('R001-POI00001');
  expect(rows[0]).toContain('0.000 m');
  expect(rows[0]).toContain('SURVEY START');
  expect(rows[0]).toContain('45.501700, -73.567300');
  // POI numbers auto-increment from the START measurement.
  await expect(captureForm(page).getByLabel('POI number')).toHaveValue('2');
});

test('measurements are captured at the current position, listed newest first, kept across a reload, edited and deleted', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Route 112', surveyor: 'Ana', client: 'Client A' });

  const saved = await saveMeasurement(page, { height: '4.25', type: 'Bridge', note: 'low, wet' });
  expect(saved).toContain('R001-POI00002 saved');
  await saveMeasurement(page, { height: '5.1', type: 'Wire' });
  await expect(captureForm(page).getByLabel('POI number')).toHaveValue('4');

  let rows = await listedRows(page);
  expect(rows).toHaveLength(3);
  expect(rows[0]).toContain('R001-POI00003');
  expect(rows[0]).toContain('Wire');
  expect(rows[0]).toContain('5.100 m');
  expect(rows[1]).toContain('R001-POI00002');
  expect(rows[1]).toContain('Bridge');
  expect(rows[1]).toContain('low, wet');
  expect(rows[1]).toContain('45.501700, -73.567300');

  await page.reload();
  await expect(summaryValue(page, 'Survey title')).toHaveText('Route 112');
  await expect(measurementList(page).getByRole('listitem')).toHaveCount(3);

  await measurementList(page).getByRole('button', { name: 'Edit measurement R001-POI00002' }).click();
  const edit = page.getByRole('form', { name: 'Edit measurement R001-POI00002' });
  await edit.getByLabel('Height').fill('4.3');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(measurementList(page).getByRole('listitem').nth(1)).toContainText('4.300 m');

  page.once('dialog', (dialog) => void dialog.accept());
  await measurementList(page).getByRole('button', { name: 'Delete measurement R001-POI00003' }).click();
  await expect(measurementList(page).getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await expect(measurementList(page).getByRole('listitem')).toHaveCount(2);
  rows = await listedRows(page);
  expect(rows[0]).toContain('4.300 m');
});

test('CSV export: the SPEC columns, number formats and semicolons in notes, with its toast', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Export run', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '4.25', type: 'Bridge', note: 'low, wet', width: '3.5' });

  await surveySection(page).getByLabel('Export format').selectOption('csv');
  const download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Export_run_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('CSV exported successfully')).toBeVisible();
  const text = await readFile(await file.path(), 'utf8');
  const lines = text.trimEnd().split(/\r\n/);
  expect(lines[0]?.startsWith(CSV_HEADER)).toBe(true);
  expect(lines).toHaveLength(3);
  const bridge = lines[2]?.split(',') ?? [];
  expect(bridge.slice(2, 6)).toEqual(['4.250', '', '45.501700', '-73.567300']);
  expect(bridge[10]).toBe('bridge');
  expect(bridge[11]).toBe('low; wet');
  expect(bridge[13]).toBe('3.500');
});

test('GeoJSON export names the measurement count; the zip and the backup download', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Formats', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '4.25' });

  await surveySection(page).getByLabel('Export format').selectOption('geojson');
  let download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  const geojson = JSON.parse(await readFile(await (await download).path(), 'utf8')) as { type: string; features: { geometry: { coordinates: number[] } }[] };
  await expect(page.getByText('GeoJSON exported successfully')).toBeVisible();
  await expect(page.getByText('2 measurements exported')).toBeVisible();
  expect(geojson.type).toBe('FeatureCollection');
  expect(geojson.features[0]?.geometry.coordinates.slice(0, 2)).toEqual([-73.5673, 45.5017]);

  for (const [format, toastText] of [
    ['zip', 'Export with media completed'],
    ['backup', 'Complete survey export finished'],
    ['gpx', 'Survey exported as GPX'],
  ] as const) {
    await surveySection(page).getByLabel('Export format').selectOption(format);
    download = page.waitForEvent('download');
    await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
    const bytes = await readFile(await (await download).path());
    if (format !== 'gpx') expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    else expect(bytes.toString('utf8')).toContain('<gpx');
    await expect(page.getByText(toastText)).toBeVisible();
  }
});

test('loading a previous survey switches the active one; clearing one deletes its measurements after a confirmation', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'First', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '3' });
  await createSurvey(page, { title: 'Second', surveyor: 'Ana', client: 'Client B' });
  await expect(measurementList(page).getByRole('listitem')).toHaveCount(1);

  await surveySection(page).getByRole('button', { name: 'Load survey' }).click();
  await page.getByRole('button', { name: 'Load survey First' }).click();
  await expect(summaryValue(page, 'Survey title')).toHaveText('First');
  await expect(measurementList(page).getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await expect(summaryValue(page, 'Survey title')).toHaveText('First');

  page.once('dialog', (dialog) => void dialog.dismiss());
  await surveySection(page).getByRole('button', { name: 'Clear survey' }).click();
  await expect(summaryValue(page, 'Survey title')).toHaveText('First');

  page.once('dialog', (dialog) => void dialog.accept());
  await surveySection(page).getByRole('button', { name: 'Clear survey' }).click();
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();
  await page.reload();
  await expect(surveySection(page).getByText('No active survey')).toBeVisible();
  await surveySection(page).getByRole('button', { name: 'Load survey' }).click();
  await page.getByRole('button', { name: 'Load survey First' }).click();
  // Cleared: its measurements are gone (the running CSV starts again with its header).
  await expect(measurementList(page).getByText('No measurements yet.')).toBeVisible();
});

test('auto-save runs 5 s after creation: the survey gets lastAutoSaved and autosave-complete is emitted', async ({ page }) => {
  await page.addInitScript(() => {
    window.addEventListener('autosave-complete', (event) => {
      (window as unknown as { __autosaves: unknown[] }).__autosaves ??= [];
      (window as unknown as { __autosaves: unknown[] }).__autosaves.push((event as CustomEvent).detail);
    });
  });
  await openSettings(page);
  await createSurvey(page, { title: 'Autosaved', surveyor: 'Ana', client: 'Client A' });
  const created = Date.now();
  await expect(summaryValue(page, 'Last auto-save')).toHaveText('not yet');
  await expect(summaryValue(page, 'Last auto-save')).not.toHaveText('not yet', { timeout: 20_000 });
  // SPEC §9: not before the 5 s delay.
  expect(Date.now() - created).toBeGreaterThanOrEqual(4500);
  const saves = await page.evaluate(() => (window as unknown as { __autosaves?: { format: string; bytes: number; survey: { lastAutoSaved: string } }[] }).__autosaves ?? []);
  expect(saves).toHaveLength(1);
  expect(saves[0]?.format).toBe('zip');
  expect(saves[0]?.bytes).toBeGreaterThan(0);
  await page.reload();
  await expect(summaryValue(page, 'Last auto-save')).not.toHaveText('not yet');
});

test('auto-save only when enabled: switched off, nothing is auto-saved after the 5 s delay or the interval', async ({ page }) => {
  await page.clock.install();
  await openSettings(page);
  await page.getByRole('checkbox', { name: 'Auto-save the active survey' }).uncheck();
  await createSurvey(page, { title: 'No autosave', surveyor: 'Ana', client: 'Client A' });
  await expect(summaryValue(page, 'Last auto-save')).toHaveText('not yet');
  // Past the 5 s delay and a whole 5-minute interval.
  await page.clock.fastForward(6_000);
  await page.clock.fastForward(5 * 60_000 + 1_000);
  await expect(summaryValue(page, 'Last auto-save')).toHaveText('not yet');
  const stored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const count = request.result.transaction('autosaves').objectStore('autosaves').count();
          count.onsuccess = () => {
            request.result.close();
            resolve(count.result);
          };
        };
        request.onerror = () => reject(request.error);
      }),
  );
  expect(stored).toBe(0);
  // Switched back on, the interval's auto-save runs.
  await page.getByRole('checkbox', { name: 'Auto-save the active survey' }).check();
  await page.clock.fastForward(5 * 60_000 + 1_000);
  await expect(summaryValue(page, 'Last auto-save')).not.toHaveText('not yet', { timeout: 20_000 });
});

test('auto-save with images off keeps the running CSV: its header, then a row per measurement in order', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('checkbox', { name: 'Auto-save includes images (zip; a CSV when off)' }).uncheck();
  await createSurvey(page, { title: 'Running CSV', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '4.25', type: 'Bridge', note: 'low, wet' });
  await expect(summaryValue(page, 'Last auto-save')).not.toHaveText('not yet', { timeout: 20_000 });
  const csv = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const db = request.result;
          // One auto-save per survey, in its own store (never in emergency storage).
          const all = db.transaction('autosaves').objectStore('autosaves').getAll();
          all.onsuccess = () => {
            const saved = (all.result as { id: string; format: string; blob?: Blob }[]).find((item) => item.format === 'csv');
            db.close();
            if (!saved?.blob) reject(new Error('no CSV auto-save in autosaves'));
            else void saved.blob.text().then(resolve);
          };
        };
        request.onerror = () => reject(request.error);
      }),
  );
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]?.startsWith(CSV_HEADER)).toBe(true);
  expect(lines).toHaveLength(3);
  expect(lines[1]?.split(',').slice(2, 3)).toEqual(['0.000']);
  expect(lines[1]).toContain('SURVEY START');
  expect(lines[2]?.split(',').slice(2, 6)).toEqual(['4.250', '', '45.501700', '-73.567300']);
  expect(lines[2]).toContain('low; wet');
});

test('zip with media: photos and videos under the SPEC file names; an unreadable medium is skipped with a warning', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Media', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '4.25', type: 'Bridge' });
  await saveMeasurement(page, { height: '5', type: 'Wire' });
  // The camera is a later feature: give the two measurements media the way it stores them
  // (a photo as a URL, a video clip in the videoBlobs store) and one that cannot be read.
  const ids = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['measurements', 'videoBlobs'], 'readwrite');
          const all = tx.objectStore('measurements').getAll();
          const touched: string[] = [];
          all.onsuccess = () => {
            for (const m of all.result as { id: string; poi_type: string; imageUrl?: string; videoUrl?: string; drawingUrl?: string }[]) {
              if (m.poi_type === 'bridge') {
                m.imageUrl = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
                m.videoUrl = 'videoBlobs:clip-1';
                tx.objectStore('videoBlobs').put({ id: 'clip-1', blob: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'video/webm' }), createdAt: 1 });
              } else if (m.poi_type === 'wire') {
                m.imageUrl = 'http://127.0.0.1:9/unreachable-photo.jpg';
              } else continue;
              touched.push(m.id);
              tx.objectStore('measurements').put(m);
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve(touched);
          };
        };
      }),
  );
  expect(ids).toHaveLength(2);

  await surveySection(page).getByLabel('Export format').selectOption('zip');
  const download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  await expect(page.getByText('Preparing export with media files...')).toBeVisible();
  const { unzipSync } = await import('fflate');
  const files = unzipSync(new Uint8Array(await readFile(await (await download).path())));
  await expect(page.getByText('Export with media completed')).toBeVisible();
  await expect(page.getByText('1 media file could not be read and was skipped')).toBeVisible();
  const names = Object.keys(files);
  const photo = names.filter((n) => /^images\/image_R001_POI00002_bridge_[0-9a-f]{8}\.jpg$/.test(n));
  const video = names.filter((n) => /^videos\/image_R001_POI00002_bridge_[0-9a-f]{8}\.webm$/.test(n));
  expect(photo).toHaveLength(1);
  expect(video).toHaveLength(1);
  expect(Array.from(files[photo[0] ?? '']?.subarray(0, 3) ?? [])).toEqual([0xff, 0xd8, 0xff]);
  expect(Array.from(files[video[0] ?? ''] ?? [])).toEqual([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
  expect(names.some((n) => n.includes('POI00003_wire'))).toBe(false);
});

test('media are records of their own: photos, drawings and videos stored by id go into the zip (drawings/ as .png); the survey with images leaves videos out', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Media records', surveyor: 'Ana', client: 'Client A' });
  await saveMeasurement(page, { height: '4.25', type: 'Bridge' });
  // The camera is a later feature: store media the way it will (typed records, by measurement).
  const jpeg = [0xff, 0xd8, 0xff, 0xe0, 9, 9];
  const png = [0x89, 0x50, 0x4e, 0x47, 7];
  const webm = [0x1a, 0x45, 0xdf, 0xa3, 5];
  await page.evaluate(
    ({ jpeg, png, webm }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['measurements', 'media', 'videoBlobs'], 'readwrite');
          const all = tx.objectStore('measurements').getAll();
          all.onsuccess = () => {
            const m = (all.result as { id: string; user_id: string; poi_type: string }[]).find((x) => x.poi_type === 'bridge');
            if (!m) return reject(new Error('no bridge measurement'));
            const record = (id: string, kind: string, type: string, bytes: number[]) => ({
              id, measurementId: m.id, surveyId: m.user_id, kind, type, size: bytes.length, createdAt: new Date().toISOString(),
              blob: new Blob([new Uint8Array(bytes)], { type }),
            });
            tx.objectStore('media').put(record('photo-1', 'image', 'image/jpeg', jpeg));
            tx.objectStore('media').put(record('sketch-1', 'drawing', 'image/png', png));
            tx.objectStore('videoBlobs').put(record('clip-9', 'video', 'video/webm', webm));
            tx.objectStore('measurements').put({ ...m, imageUrl: 'photo-1', drawingUrl: 'sketch-1', videoUrl: 'clip-9' });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
        };
      }),
    { jpeg, png, webm },
  );
  const { unzipSync } = await import('fflate');
  const exportAs = async (format: string) => {
    await surveySection(page).getByLabel('Export format').selectOption(format);
    const download = page.waitForEvent('download');
    await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
    return unzipSync(new Uint8Array(await readFile(await (await download).path())));
  };

  const all = await exportAs('zip');
  await expect(page.getByText('Export with media completed')).toBeVisible();
  const names = Object.keys(all);
  const drawing = names.find((n) => /^drawings\/image_R001_POI00002_bridge_[0-9a-f]{8}\.png$/.test(n));
  const photo = names.find((n) => /^images\/image_R001_POI00002_bridge_[0-9a-f]{8}\.jpg$/.test(n));
  const video = names.find((n) => /^videos\/image_R001_POI00002_bridge_[0-9a-f]{8}\.webm$/.test(n));
  expect(Array.from(all[drawing ?? ''] ?? [])).toEqual(png);
  expect(Array.from(all[photo ?? ''] ?? [])).toEqual(jpeg);
  expect(Array.from(all[video ?? ''] ?? [])).toEqual(webm);

  const images = await exportAs('images');
  await expect(page.getByText('Survey export with images completed')).toBeVisible();
  const imageNames = Object.keys(images);
  expect(imageNames.filter((n) => n.startsWith('images/') || n.startsWith('drawings/'))).toHaveLength(2);
  expect(imageNames.some((n) => n.startsWith('videos/'))).toBe(false);

  // Media survive a reload (records, never blob: URLs) and still export.
  await page.reload();
  const again = await exportAs('zip');
  expect(Object.keys(again).filter((n) => /^(images|drawings|videos)\//.test(n))).toHaveLength(3);
});
