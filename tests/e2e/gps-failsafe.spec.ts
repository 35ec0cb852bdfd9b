// Issue "GPS end to end", point 7 (SPEC §4 GPS source) in the browser: the failsafe with
// Playwright's geolocation, serial taking over, and serial going stale (page.clock).
import { expect, test } from '@playwright/test';
import { readLocalStorage } from './support/app';
import { installPausableClock, runClockUntil } from './support/clock';
import { serialPush, useFakeSerial } from './support/fakeSerial';
import { gpsField, gpsPanel, openSettings, rawNmea } from './support/gpsPanel';
import { lastFix, readGpsdLog, sentencesOf } from './support/nmeaCorpus';
import { captureForm, createSurvey } from './support/survey';

const MONTREAL = { latitude: 45.5017, longitude: -73.5673, accuracy: 10 };
const failsafeSwitch = (page: import('@playwright/test').Page) =>
  page.getByRole('switch', { name: 'Use browser location as failsafe' });

test('no serial GPS, location allowed: the browser is the source (hdop = accuracy / 5)', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(MONTREAL);
  await openSettings(page);
  await expect(failsafeSwitch(page)).toBeChecked();
  await expect(gpsField(page, 'Source')).toHaveText('browser');
  await expect(gpsField(page, 'Latitude')).toHaveText('45.501700');
  await expect(gpsField(page, 'Longitude')).toHaveText('-73.567300');
  await expect(gpsField(page, 'HDOP')).toHaveText('2.0');
  await expect(gpsField(page, 'Fix')).toHaveText('GPS Fix');
  await expect(gpsPanel(page).getByRole('alert')).toHaveCount(0);
});

test('switching the failsafe off: source none, remembered across a reload', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(MONTREAL);
  await openSettings(page);
  await expect(gpsField(page, 'Source')).toHaveText('browser');
  await failsafeSwitch(page).click();
  await expect(gpsField(page, 'Source')).toHaveText('none');
  expect(await readLocalStorage(page, 'gps_failsafe_enabled')).toBe('false');

  await page.reload();
  await expect(failsafeSwitch(page)).not.toBeChecked();
  await expect(gpsField(page, 'Source')).toHaveText('none');
  await expect(gpsField(page, 'Latitude')).toHaveText('—');
  await expect(gpsPanel(page).getByRole('alert')).toHaveText('No GPS fix');
});

test('the first fix takes the panel’s warning away and moves nothing below it (the readouts stay where they were)', async ({ page }) => {
  // The log's NMEA sentences alone: its few lines that are not NMEA would bring a warning
  // of their own ('N lines ignored'), which takes room above the readouts by design.
  const log = sentencesOf(readGpsdLog('bu353s4.log'))
    .map((sentence) => `${sentence}\r\n`)
    .join('');
  await useFakeSerial(page, { initial: log });
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await expect(gpsPanel(page).getByRole('alert')).toHaveText('No GPS fix');
  /** How far the Latitude readout is below the panel's top. */
  const readoutsAt = async () => {
    const panel = await gpsPanel(page).boundingBox();
    const field = await gpsField(page, 'Latitude').boundingBox();
    return field!.y - panel!.y;
  };
  const before = await readoutsAt();
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Latitude')).toHaveText(lastFix(log).latitude);
  await expect(gpsPanel(page).getByRole('alert')).toHaveCount(0);
  expect(await readoutsAt()).toBe(before);
});

test('the first fix takes the capture form’s warning away and moves none of its controls (a tap aimed at Height or Save lands there)', async ({ page }) => {
  const log = sentencesOf(readGpsdLog('bu353s4.log'))
    .map((sentence) => `${sentence}\r\n`)
    .join('');
  await useFakeSerial(page);
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await createSurvey(page, { title: 'First fix', surveyor: 'Ana', client: 'Client A' });
  const form = captureForm(page);
  await expect(form.getByRole('alert')).toHaveText('No GPS fix: the measurement will be saved without a position.');
  /** Where the form's controls are, from the form's top. */
  const controlsAt = async () => {
    const top = (await form.boundingBox())!.y;
    const at = async (control: import('@playwright/test').Locator) => (await control.boundingBox())!.y - top;
    return [await at(form.getByLabel('Height')), await at(form.getByRole('button', { name: 'Save measurement' }))];
  };
  const before = await controlsAt();
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await serialPush(page, log);
  await expect(gpsField(page, 'Latitude')).toHaveText(lastFix(log).latitude);
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(await controlsAt()).toEqual(before);
});

test('location permission denied: browser tracking stops, the source is none, and it says why', async ({ page, context }) => {
  await context.clearPermissions();
  await openSettings(page);
  await expect(gpsPanel(page)).toContainText('permission to use your location was denied');
  await expect(gpsField(page, 'Source')).toHaveText('none');
  await expect(page.getByRole('button', { name: 'Retry browser location' })).toBeVisible();
});

test('serial data while on the browser: serial takes over; when it goes stale the browser returns', async ({ page, context }) => {
  const log = readGpsdLog('bu353s4.log');
  const serialFix = lastFix(log);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(MONTREAL);
  const pauseClock = await installPausableClock(page);
  await useFakeSerial(page, { initial: log });
  await openSettings(page);
  await expect(gpsField(page, 'Source')).toHaveText('browser');

  await pauseClock();
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  // The whole log has arrived (every sentence is data that keeps serial fresh).
  const shownWithin = await runClockUntil(page, async () => {
    await expect(rawNmea(page)).toContainText(sentencesOf(log).at(-1)!, { timeout: 50 });
    await expect(gpsField(page, 'Source')).toHaveText('serial', { timeout: 50 });
  });
  expect(shownWithin).toBeLessThan(1_000);
  await expect(gpsField(page, 'Latitude')).toHaveText(serialFix.latitude);

  // The receiver goes quiet: stale after 10000 ms, found by the 5000 ms check; the clock
  // moves only as the test moves it, so at 8 s it is still fresh and by 15.5 s the check has
  // run after the 10 s.
  await page.clock.runFor(8_000);
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  await page.clock.runFor(7_500);
  // The browser's location arrives off the clock: drawn on the next frame after it does.
  await runClockUntil(page, () => expect(gpsField(page, 'Source')).toHaveText('browser', { timeout: 50 }));
  await expect(gpsField(page, 'Latitude')).toHaveText('45.501700');
  await expect(gpsField(page, 'HDOP')).toHaveText('2.0');
});

test('failsafe off: a silent receiver stays the source, flagged stale after 10 s', async ({ page }) => {
  const log = readGpsdLog('bu353s4.log');
  const pauseClock = await installPausableClock(page);
  await useFakeSerial(page, { initial: log });
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await pauseClock();
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  // The whole log has arrived before the clock jumps (its last position is the newest).
  const shownWithin = await runClockUntil(page, async () => {
    await expect(rawNmea(page)).toContainText(sentencesOf(log).at(-1)!, { timeout: 50 });
    await expect(gpsField(page, 'Source')).toHaveText('serial', { timeout: 50 });
  });
  expect(shownWithin).toBeLessThan(1_000); // so 11 s on reads '11 s ago'
  await expect(gpsPanel(page).getByRole('alert')).toHaveCount(0);

  await page.clock.runFor(11_000);
  await expect(gpsPanel(page).getByRole('alert')).toHaveText('GPS fix is stale');
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  await expect(gpsPanel(page).getByText('Last update:')).toContainText(/1[12] s ago/);
});
