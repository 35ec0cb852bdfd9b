// The GPS parser's worker failing, for real: its script's download fails (the server answers
// 500), as a flaky link or a half-written cache could make it. The controller starts the
// parser again (gpsController.ts, PARSER_RESTARTS a minute); past that it stops for good.
import { expect, test, type Page } from '@playwright/test';
import { serialLog, useFakeSerial } from './support/fakeSerial';
import { gpsField, gpsPanel, openSettings } from './support/gpsPanel';
import { lastFix, readGpsdLog } from './support/nmeaCorpus';

const SERIAL_ONLY = { gps_failsafe_enabled: 'false' };
// The app's words (gpsController.ts, core/gps.ts), repeated here as the surveyor reads them.
const NOT_LOADED = 'The GPS worker failed: its script did not load';
const RESTARTED = `The GPS parser was started again after a failure (${NOT_LOADED}).`;
const STOPPED = 'The GPS parser stopped: reload the page to read the receiver again. Measurements already saved are kept.';

/** Fails the first `failures` downloads of the NMEA worker's script; counts them all. */
async function failWorkerDownloads(page: Page, failures: number): Promise<{ count: () => number }> {
  let count = 0;
  await page.route('**/assets/nmea.worker-*.js', async (route) => {
    count += 1;
    if (count <= failures) await route.fulfill({ status: 500, body: 'unavailable' });
    else await route.continue();
  });
  return { count: () => count };
}

test('the worker fails to download once: the parser is started again, says so, and Connect GPS reads the receiver', async ({ page }) => {
  const log = readGpsdLog('bu353s4.log');
  const downloads = await failWorkerDownloads(page, 1);
  await useFakeSerial(page, { initial: log, chunkBytes: 37 });
  await openSettings(page, SERIAL_ONLY);
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: RESTARTED })).toHaveText(RESTARTED);
  await expect.poll(() => downloads.count()).toBe(2);

  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Latitude')).toHaveText(lastFix(log).latitude); // parsed by the second worker
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  await expect(gpsPanel(page).getByText(RESTARTED)).toHaveCount(0); // a new connection clears it
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: /GPS worker failed|GPS parser stopped/ })).toHaveCount(0);
  expect(downloads.count()).toBe(2);
});

test('the worker never downloads: after its restarts the parser stops for good, says why, and Connect GPS says it again', async ({ page }) => {
  const downloads = await failWorkerDownloads(page, Infinity);
  await useFakeSerial(page, { initial: readGpsdLog('bu353s4.log') });
  await openSettings(page, SERIAL_ONLY);
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: NOT_LOADED })).toHaveText(NOT_LOADED);
  await expect.poll(() => downloads.count()).toBe(4); // the first start and PARSER_RESTARTS (3) more
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: STOPPED })).toHaveText(STOPPED);
  // The port is never opened to be read into a stopped parser, and no fifth worker is started.
  expect((await serialLog(page)).opens).toEqual([]);
  expect(downloads.count()).toBe(4);
});
