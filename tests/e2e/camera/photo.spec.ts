// Issue 14 points 2, 5, 7: a photo taken with Chromium's fake camera (fed the known orange
// clip of support/fakeCamera.ts) is stamped (its pixels: the clip's colour above, the dark
// stamp band with white text below, the blue logo top right), carries its EXIF (read back
// with exifr), is stored as a media record of its measurement, shown as a thumbnail and
// full size, survives a reload and lands in the zip as images/image_…jpg. With autoCapture
// (on by default, SPEC §3) a photo is taken as a measurement is saved.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import exifr from 'exifr';
import { imageStats, listRow, mediaBytes, mediaOf } from '../support/camera';
import { openSettings } from '../support/gpsPanel';
import { idbRows } from '../support/storedData';
import { captureForm, createSurvey, saveMeasurement, surveySection } from '../support/survey';

const MONTREAL = { latitude: 45.5017, longitude: -73.5673, accuracy: 10 };

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation', 'camera']);
  await context.setGeolocation(MONTREAL);
});

async function measurementByPoi(page: import('@playwright/test').Page, poiNumber: number): Promise<Record<string, unknown>> {
  const rows = await idbRows(page, 'measurements');
  const found = rows.find((m) => m.poiNumber === poiNumber);
  if (!found) throw new Error(`no measurement with POI number ${poiNumber}`);
  return found;
}

test('Take photo: stamped, with EXIF, stored as the measurement’s media, shown, kept across a reload, exported as image_…jpg', async ({ page }) => {
  test.setTimeout(60_000);
  await openSettings(page);
  await createSurvey(page, { title: 'Camera run', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd', project: 'P-77' });
  const form = captureForm(page);
  await form.getByRole('button', { name: 'Start camera' }).click();
  await expect(form.getByLabel('Camera view')).toBeVisible();
  await form.getByRole('button', { name: 'Take photo' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Photo taken' })).toBeVisible();
  expect(await saveMeasurement(page, { height: '4.25', type: 'Bridge', note: 'low deck', width: '3.5', length: '12' })).toContain('R001-POI00002 saved');

  // Shown in the list as a thumbnail once stored (pending until then).
  const row = listRow(page, 'R001-POI00002');
  await expect(row.getByRole('img', { name: 'Photo of R001-POI00002' })).toBeVisible({ timeout: 15_000 });
  const measurement = await measurementByPoi(page, 2);
  const media = await mediaOf(page, String(measurement.id));
  expect(media).toHaveLength(1);
  const [photo] = media;
  expect(photo).toMatchObject({ kind: 'image', type: 'image/jpeg', surveyId: measurement.user_id });
  expect(measurement.imageUrl).toBe(photo!.id);

  const bytes = await mediaBytes(page, photo!.id);
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  expect(bytes.length).toBe(photo!.size);

  // EXIF, read back by another library than the one that wrote it.
  const exif = await exifr.parse(bytes, { gps: true, tiff: true, exif: true });
  expect(exif.latitude).toBeCloseTo(MONTREAL.latitude, 5);
  expect(exif.longitude).toBeCloseTo(MONTREAL.longitude, 5);
  expect(exif.ImageDescription).toContain('R001-POI00002');
  expect(exif.ImageDescription).toContain('height 4.250 m');
  const taken = exif.DateTimeOriginal as Date;
  // exifr reads the EXIF time as local time; the app writes UTC: compare the fields.
  const now = new Date();
  expect(`${taken.getFullYear()}-${taken.getMonth() + 1}-${taken.getDate()}`).toBe(`${now.getUTCFullYear()}-${now.getUTCMonth() + 1}-${now.getUTCDate()}`);

  // The stamp, in the pixels: SPEC §9 default 1280x720; the clip's orange above the band;
  // the band darker with white text; the logo blue in the top-right corner.
  const stats = await imageStats(page, bytes, 'image/jpeg', {
    picture: { x: 40, y: 120, w: 200, h: 100 },
    band: { x: 0, y: 704, w: 1280, h: 14 },
    text: { x: 10, y: 480, w: 800, h: 230 },
    logo: { x: 1104, y: 22, w: 30, h: 8 },
  });
  expect([stats.width, stats.height]).toEqual([1280, 720]);
  expect(stats.mean.picture!.r).toBeGreaterThan(200);
  expect(stats.mean.picture!.b).toBeLessThan(100);
  expect(stats.mean.band!.r).toBeLessThan(stats.mean.picture!.r * 0.6);
  expect(stats.white.text).toBeGreaterThan(500);
  expect(stats.mean.logo!.b).toBeGreaterThan(stats.mean.logo!.r + 50);

  // Full size on tap.
  await row.getByRole('button', { name: 'Show the photo of R001-POI00002 full size' }).click();
  const full = page.getByRole('dialog', { name: 'Photo of R001-POI00002' });
  await expect(full.getByRole('img')).toBeVisible();
  expect(await full.getByRole('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1280, 720]);
  await full.getByRole('button', { name: 'Close' }).click();
  await expect(full).toHaveCount(0);

  // Kept across a reload.
  await page.reload();
  await expect(listRow(page, 'R001-POI00002').getByRole('img', { name: 'Photo of R001-POI00002' })).toBeVisible();

  // In the zip export under the SPEC §9 name, byte for byte.
  await surveySection(page).getByLabel('Export format').selectOption('zip');
  const download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  const { unzipSync } = await import('fflate');
  const files = unzipSync(new Uint8Array(await readFile(await (await download).path())));
  const name = `images/image_R001_POI00002_bridge_${String(measurement.id).slice(0, 8)}.jpg`;
  expect(Object.keys(files)).toContain(name);
  expect(Buffer.from(files[name]!).equals(bytes)).toBe(true);
});

test('autoCapture: with the camera on, saving a measurement takes its photo; previewEnabled shows it first to keep or retake', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('checkbox', { name: 'Camera preview' }).check();
  await createSurvey(page, { title: 'Auto', surveyor: 'Ana', client: 'Client A' });
  const form = captureForm(page);
  await form.getByRole('button', { name: 'Start camera' }).click();
  await expect(form.getByLabel('Camera view')).toBeVisible();

  // No photo taken by hand: autoCapture takes one on save.
  await saveMeasurement(page, { height: '5.1', type: 'Wire' });
  await expect(listRow(page, 'R001-POI00002').getByRole('img', { name: 'Photo of R001-POI00002' })).toBeVisible({ timeout: 15_000 });

  // With the preview on, a photo taken by hand is shown before it is kept.
  await form.getByRole('button', { name: 'Take photo' }).click();
  await expect(form.getByLabel('Photo preview')).toBeVisible();
  await form.getByRole('button', { name: 'Keep photo' }).click();
  await expect(form.getByLabel('Photo preview')).toHaveCount(0);
  await expect(form.getByText('A photo is ready for the next measurement.')).toBeVisible();
  await saveMeasurement(page, { height: '4.8', type: 'Bridge' });
  await expect(listRow(page, 'R001-POI00003').getByRole('img', { name: 'Photo of R001-POI00003' })).toBeVisible({ timeout: 15_000 });
  expect(await mediaOf(page, String((await measurementByPoi(page, 3)).id))).toHaveLength(1);
});
