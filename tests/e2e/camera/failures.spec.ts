// Issue 14 points 1, 6, 7: the 'Camera' setting lists the cameras the browser knows; no
// camera, a denied permission and a full disk each give a clear message and never block
// saving the measurement itself; deleting a measurement deletes its media.
import { chromium, expect, test, type Page } from '@playwright/test';
import { listRow, mediaOf } from '../support/camera';
import { seedLocalStorage } from '../support/app';
import { FAKE_CLIP } from '../support/fakeCamera';
import { openSettings } from '../support/gpsPanel';
import { idbRows } from '../support/storedData';
import { captureForm, createSurvey, saveMeasurement } from '../support/survey';

const SAVED_LOCALLY = 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.';
const cameraStatus = (page: Page) => captureForm(page).locator('.camera__status');

test('the Camera setting lists the fake camera by name, and the choice is kept across a reload', async ({ page, context }) => {
  await context.grantPermissions(['camera']);
  await openSettings(page);
  // Names are listed once camera access was allowed: start the camera once.
  await createSurvey(page, { title: 'Devices', surveyor: 'Ana', client: 'Client A' });
  await captureForm(page).getByRole('button', { name: 'Start camera' }).click();
  await expect(captureForm(page).getByLabel('Camera view')).toBeVisible();
  await page.reload();
  const select = page.getByRole('combobox', { name: 'Camera', exact: true });
  // Chromium names the fake device after the clip it plays (ecosystem review §3).
  const fake = select.getByRole('option', { name: /road\.y4m/ });
  await expect(fake).toHaveCount(1);
  const value = await fake.getAttribute('value');
  await select.selectOption(value!);
  await expect(page.getByRole('status').filter({ hasText: 'Camera settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Camera', exact: true })).toHaveValue(value!);
});

/** A browser of its own (the suite's fake camera accepts every prompt), with `args`. */
async function ownBrowser(baseURL: string | undefined, args: string[], run: (page: Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run', ...args] });
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    await run(await context.newPage());
  } finally {
    await browser.close();
  }
}

test('permission denied: the camera says so, and the measurement is saved without a photo', async ({ baseURL }) => {
  // The fake camera is there, but the browser asks, and the site's camera permission is denied.
  await ownBrowser(baseURL, ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${FAKE_CLIP}`], async (page) => {
    const cdp = await page.context().newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', { permission: { name: 'camera' }, setting: 'denied', origin: baseURL, browserContextId: targetInfo.browserContextId });
    await openSettings(page);
    await createSurvey(page, { title: 'Denied', surveyor: 'Ana', client: 'Client A' });
    await captureForm(page).getByRole('button', { name: 'Take photo' }).click();
    await expect(cameraStatus(page)).toHaveText(/^Camera permission denied\. Allow the camera for this site/);
    expect(await saveMeasurement(page, { height: '4.25', type: 'Bridge' })).toContain('R001-POI00002 saved');
    await expect(listRow(page, 'R001-POI00002')).toBeVisible();
    await expect(listRow(page, 'R001-POI00002').getByRole('img')).toHaveCount(0);
  });
});

test('no camera at all: a browser without one says so, and the measurement is saved', async ({ baseURL }) => {
  await ownBrowser(baseURL, [], async (page) => {
    await page.context().grantPermissions(['camera']);
    await openSettings(page);
    await createSurvey(page, { title: 'No camera', surveyor: 'Ana', client: 'Client A' });
    await captureForm(page).getByRole('button', { name: 'Start camera' }).click();
    await expect(cameraStatus(page)).toHaveText(/^No camera found\./);
    expect(await saveMeasurement(page, { height: '3.9', type: 'Wire' })).toContain('R001-POI00002 saved');
  });
});

test('storage full: the measurement is kept locally, the photo is refused with a clear message, nothing is stuck', async ({ page, baseURL, context }) => {
  await context.grantPermissions(['camera']);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: baseURL!, quotaSize: 1 });
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await createSurvey(page, { title: 'Full disk', surveyor: 'Ana', client: 'Client A' });
  await captureForm(page).getByRole('button', { name: 'Take photo' }).click();
  await expect(captureForm(page).getByText('A photo is ready for the next measurement.')).toBeVisible();
  expect(await saveMeasurement(page, { height: '4.25', type: 'Bridge' })).toBe(SAVED_LOCALLY);
  await expect(listRow(page, 'R001-POI00002').getByRole('alert')).toHaveText(
    'Storage is full: the photo was not kept. The measurement itself is saved. Export and clear old surveys to make room.',
  );
  // The form is ready for the next point and the photo no longer waits.
  await expect(captureForm(page).getByLabel('Height')).toHaveValue('');
  await expect(captureForm(page).getByText('A photo is ready for the next measurement.')).toHaveCount(0);
});

test('deleting a measurement deletes its photo', async ({ page, context }) => {
  await context.grantPermissions(['camera']);
  await openSettings(page);
  await createSurvey(page, { title: 'Delete', surveyor: 'Ana', client: 'Client A' });
  await captureForm(page).getByRole('button', { name: 'Take photo' }).click();
  // Saved once the photo is held, as the surveyor sees it (this test is about deleting).
  await expect(captureForm(page).getByText('A photo is ready for the next measurement.')).toBeVisible();
  await saveMeasurement(page, { height: '4.25', type: 'Bridge' });
  const row = listRow(page, 'R001-POI00002');
  await expect(row.getByRole('img', { name: 'Photo of R001-POI00002' })).toBeVisible({ timeout: 15_000 });
  const id = String((await idbRows(page, 'measurements')).find((m) => m.poiNumber === 2)?.id);
  expect(await mediaOf(page, id)).toHaveLength(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Delete measurement R001-POI00002' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => mediaOf(page, id)).toEqual([]);
  // Settings no longer counts it.
  await expect(page.getByRole('region', { name: 'Media on this device' })).toContainText('No photos, drawings or videos stored yet.');
});
