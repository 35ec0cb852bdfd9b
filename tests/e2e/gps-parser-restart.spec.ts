// The GPS parser's worker failing, for real: its script's download fails (the server answers
// 500), as a flaky link or a half-written cache could make it, or it throws while it reads
// the port. The controller starts the parser again (gpsController.ts, PARSER_RESTARTS a
// minute) and opens the port it was reading again; past that it stops for good.
import { expect, test, type Page } from '@playwright/test';
import { serialLog, serialPush, useFakeSerial } from './support/fakeSerial';
import { gpsField, gpsPanel, openSettings } from './support/gpsPanel';
import { lastFix, readGpsdLog } from './support/nmeaCorpus';

const SERIAL_ONLY = { gps_failsafe_enabled: 'false' };
// The app's words (gpsController.ts, core/gps.ts), repeated here as the surveyor reads them.
const NOT_LOADED = 'The GPS worker failed: its script did not load';
const RESTARTED = `The GPS parser was started again after a failure (${NOT_LOADED}).`;
const STOPPED = 'The GPS parser stopped: reload the page to read the receiver again. Measurements already saved are kept.';

/** An NMEA sentence with its checksum (XOR of the characters between '$' and '*'). */
const sentence = (body: string) => `$${body}*${[...body].reduce((x, c) => x ^ c.charCodeAt(0), 0).toString(16).toUpperCase().padStart(2, '0')}\r\n`;

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

test('the parser failing while it reads: the port is opened again with no click, the panel says so meanwhile, and reading goes on', async ({ page }) => {
  const log = readGpsdLog('bu353s4.log');
  // The second worker's script is held back, to see the panel while the port waits for it.
  let downloads = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/nmea.worker-*.js', async (route) => {
    downloads += 1;
    if (downloads === 2) await held;
    await route.continue();
  });
  await useFakeSerial(page, { initial: log, chunkBytes: 37 });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Latitude')).toHaveText(lastFix(log).latitude);

  // The worker fails as a trap would: an exception nothing in it catches.
  const worker = page.workers().find((w) => w.url().includes('nmea.worker'));
  if (!worker) throw new Error('no NMEA worker');
  await worker.evaluate(() => void setTimeout(() => {
    throw new Error('parser trapped');
  }));
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: "Opening the GPS receiver's port again…" })).toBeVisible();
  await expect(gpsPanel(page).getByRole('button', { name: 'Disconnect GPS' })).toBeVisible();
  expect(downloads).toBe(2);

  release();
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: /^The GPS parser was started again after a failure \(.*parser trapped.*\)\.$/ })).toBeVisible();
  await expect(gpsPanel(page).getByText("Opening the GPS receiver's port again…")).toHaveCount(0);
  // The same port, closed and opened again without a click (no second request), read on by the new worker.
  const serial = await serialLog(page);
  expect(serial.requests).toBe(1);
  expect(serial.opens).toHaveLength(2);
  expect(serial.closes).toBe(1);
  await serialPush(page, sentence('GPGGA,120000.00,4530.0000,N,07334.0000,W,1,08,0.9,50.0,M,-32.0,M,,'));
  await expect(gpsField(page, 'Latitude')).toHaveText('45.500000');
  await expect(gpsField(page, 'Source')).toHaveText('serial');
});
