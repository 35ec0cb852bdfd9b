// The map's markers carry the clearance status (issue 15 point 1) and the tap details show
// the measurement's photo (issue 14 point 2), in Chromium: the status is read from what
// maplibre renders in the ring layer (queryRenderedFeatures, never pixels); a measurement
// saved in the capture form reaches the map, ring included, without a reload (the change
// signal's records, applied as a diff). Expected statuses are worked out here from the rule
// margin = clearance − load height − buffer (0.15 m buffer, 0.15 m Tight band).
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { jumpTo, mapCanvas, mapRegion, rendered, seedStore } from './support/map';
import { captureForm, createSurvey, saveMeasurement } from './support/survey';
import { activeSurveyId } from './support/trace';

test.setTimeout(180_000);
const SLOW = { timeout: 60_000 };
const HERE = { latitude: 43.7351, longitude: 7.4213, accuracy: 5 };

async function setLoad(page: Page, heightM: string) {
  const form = page.getByRole('form', { name: 'Load profile' });
  await form.getByLabel('Load height (m)').fill(heightM);
  await form.getByRole('button', { name: 'Save load profile' }).click();
  await expect(form.getByRole('status')).toHaveText('Load profile saved.');
}

const measurement = (surveyId: string, id: string, k: number, rel: number, extra: object = {}) => ({
  id,
  user_id: surveyId,
  source: 'manual',
  latitude: HERE.latitude + k * 0.0002,
  longitude: HERE.longitude + 0.0004,
  poi_type: 'bridge',
  poiNumber: 100 + k,
  roadNumber: '7',
  rel,
  note: `status point ${k}`,
  createdAt: new Date(Date.UTC(2026, 10, 23, 8, 0, k)).toISOString(),
  utcDate: '2026-11-23',
  utcTime: `08:00:0${k}`,
  ...extra,
});

/** The status of each marker drawn in the ring layer, by measurement id. */
async function rings(page: Page): Promise<Record<string, unknown>> {
  const features = await rendered(page, ['cw-measurement-status']);
  return Object.fromEntries(features.map((f) => [f.properties.mid, f.properties.status]));
}

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(HERE);
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await createSurvey(page, { title: 'Markers', surveyor: 'Ana', client: 'Client A' });
  // Load 4.00 m: Fail below 4.15, Tight from 4.15 to 4.30, Pass above.
  await setLoad(page, '4.00');
});

test('markers are ringed Pass, Tight or Fail; one saved in the form appears with its ring without a reload', async ({ page }) => {
  const surveyId = await activeSurveyId(page);
  // 5.00 → margin 0.85 Pass; 4.25 → 0.10 Tight; 4.10 → −0.05 Fail.
  await seedStore(page, 'measurements', [measurement(surveyId, 'm-pass', 1, 5), measurement(surveyId, 'm-tight', 2, 4.25), measurement(surveyId, 'm-fail', 3, 4.1)]);
  await page.reload();
  // Zoomed in past the clustering, with the four points in view.
  await mapCanvas(page).scrollIntoViewIfNeeded();
  await jumpTo(page, [HERE.longitude + 0.0004, HERE.latitude + 0.0004], 17);
  // (The survey's start point, at 0 m, is drawn too: it fails.)
  await expect.poll(() => rings(page), SLOW).toEqual(expect.objectContaining({ 'm-pass': 'Pass', 'm-tight': 'Tight', 'm-fail': 'Fail' }));
  const before = Object.keys(await rings(page)).length;

  // Saved in the form at the browser's position: 4.05 → margin −0.10, Fail.
  await saveMeasurement(page, { height: '4.05', note: 'saved live' });
  const id = await captureForm(page).locator('[data-saved-id]').getAttribute('data-saved-id');
  expect(id).toBeTruthy();
  await jumpTo(page, [HERE.longitude + 0.0002, HERE.latitude + 0.0003], 17);
  await expect.poll(() => rings(page), SLOW).toEqual(expect.objectContaining({ 'm-pass': 'Pass', 'm-tight': 'Tight', 'm-fail': 'Fail', [id ?? '']: 'Fail' }));
  expect(Object.keys(await rings(page))).toHaveLength(before + 1);
});

test('the details of a marker show its status and its photo; full size on tap', async ({ page }) => {
  const surveyId = await activeSurveyId(page);
  // A real PNG made in the page, stored as the measurement's photo (a media record).
  await page.evaluate(
    async ({ surveyId }) => {
      const canvas = new OffscreenCanvas(64, 48);
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.fillStyle = '#cc3300';
      g.fillRect(0, 0, 64, 48);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('media', 'readwrite');
        tx.objectStore('media').put({ id: 'photo-1', measurementId: 'm-photo', surveyId, kind: 'image', type: 'image/png', size: blob.size, createdAt: '2026-11-23T08:00:01Z', blob });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { surveyId },
  );
  await seedStore(page, 'measurements', [measurement(surveyId, 'm-photo', 1, 4.25, { imageUrl: 'photo-1' })]);
  await page.reload();
  // The map follows the position by default: the first fix, however late it comes, would
  // take the map back to the survey's start point. Following is turned off first, once
  // there is a position to follow, so Enter picks what is at the centre we jump to.
  const follow = mapRegion(page).getByRole('button', { name: 'Follow my position' });
  await expect(follow).toBeEnabled(SLOW);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const at: [number, number] = [HERE.longitude + 0.0004, HERE.latitude + 0.0002];
  await jumpTo(page, at, 18);
  await expect.poll(() => rings(page), SLOW).toEqual(expect.objectContaining({ 'm-photo': 'Tight' }));

  await mapCanvas(page).locator('canvas').focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: 'Measurement details' });
  await expect(details).toContainText('status point 1', SLOW);
  await expect(details.locator('[data-status]')).toHaveAttribute('data-status', 'Tight');
  await expect(details).toContainText('Tight 0.10 m');
  const thumb = details.getByRole('img', { name: /^Photo of measurement/ });
  await expect(thumb).toBeVisible();
  // The stored bytes, decoded: 64 × 48.
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);
  await details.getByRole('button', { name: /^Show the photo of measurement/ }).click();
  await expect(page.getByRole('dialog', { name: /^Photo of measurement/ })).toBeVisible();
});
