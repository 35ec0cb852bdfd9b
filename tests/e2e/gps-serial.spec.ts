// Issue "GPS end to end", points 6, 8 and 10: a serial NMEA receiver (a fake navigator.serial
// streaming real gpsd logs from the shared corpus) shown on the GPS panel of `/`.
import { expect, test } from '@playwright/test';
import { readLocalStorage } from './support/app';
import { serialFail, serialLog, serialPush, serialUnplug, useFakeSerial, useFakeWorkerSerial } from './support/fakeSerial';
import { gpsField, gpsPanel, openSettings, rawNmea } from './support/gpsPanel';
import { expectedDetails, lastFix, readGpsdLog, sentencesOf } from './support/nmeaCorpus';

// The failsafe is off in this suite: the positions shown must come from the serial port.
const SERIAL_ONLY = { gps_failsafe_enabled: 'false' };

for (const name of ['nmea-rtk.log', 'bu353s4.log', 'ublox-zed-f9p-nmea.log']) {
  test(`${name} streamed through the serial port: the panel shows its last fix and last 20 sentences`, async ({ page }) => {
    const log = readGpsdLog(name);
    const expected = lastFix(log);
    await useFakeSerial(page, { initial: log, chunkBytes: 37 });
    await openSettings(page, SERIAL_ONLY);
    await expect(gpsField(page, 'Source')).toHaveText('none');

    await page.getByRole('button', { name: 'Connect GPS' }).click();

    await expect(gpsField(page, 'Latitude')).toHaveText(expected.latitude);
    await expect(gpsField(page, 'Longitude')).toHaveText(expected.longitude);
    await expect(gpsField(page, 'Fix')).toHaveText(expected.fix);
    await expect(gpsField(page, 'Satellites')).toHaveText(expected.satellites);
    await expect(gpsField(page, 'HDOP')).toHaveText(expected.hdop);
    await expect(gpsField(page, 'Source')).toHaveText('serial');
    await expect(gpsField(page, 'Speed')).toHaveText(/^\d+\.\d km\/h$/);
    const lastTwenty = sentencesOf(log).slice(-20);
    await expect(rawNmea(page)).toHaveText(lastTwenty.join('\n'));
    await expect(gpsPanel(page).getByText('Last update:')).toContainText(/just now|\d s ago/);
    await expect(gpsPanel(page).getByRole('alert')).toHaveCount(0);
    expect((await serialLog(page)).opens).toEqual([4800]);
  });
}

test('isync.log (GSA, GSV, GST, header lines, a collided sentence): the fix quality details and the link counts', async ({ page }) => {
  // A wrong-baud-rate burst and a sentence with a broken checksum first, then the real log.
  const log = readGpsdLog('isync.log');
  const broken = sentencesOf(log)[0]!.replace(/\*[0-9A-F]{2}$/, '*00');
  const stream = `\u00e6\u0098\u00fe\u0012\u00c3\r\n${broken}\r\n${log}`;
  const expected = expectedDetails(stream);
  expect(Number(expected.badChecksums)).toBeGreaterThan(0);
  await useFakeSerial(page, { initial: stream, chunkBytes: 29 });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(rawNmea(page)).toContainText(sentencesOf(log).at(-1)!);

  await expect(gpsField(page, 'Fix type')).toHaveText(expected.fixType);
  await expect(gpsField(page, 'PDOP')).toHaveText(expected.pdop);
  await expect(gpsField(page, 'VDOP')).toHaveText(expected.vdop);
  await expect(gpsField(page, 'Satellites in view')).toHaveText(expected.satsInView);
  await expect(gpsField(page, 'Mean SNR')).toHaveText(expected.snrMean);
  await expect(gpsField(page, 'Best SNR')).toHaveText(expected.snrMax);
  await expect(gpsField(page, 'Position error (1σ)')).toHaveText(expected.positionError);
  await expect(gpsField(page, 'Bad checksums')).toHaveText(expected.badChecksums);
  await expect(gpsField(page, 'Lines not NMEA')).toHaveText(expected.notNmea);
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: 'not NMEA' })).toHaveText(
    `${expected.notNmea} lines ignored (not NMEA) — check the baud rate`,
  );
  await expect(gpsField(page, 'Source')).toHaveText('serial');
});

test('the baud rate chosen is the one the port opens at, and it is remembered', async ({ page }) => {
  await useFakeSerial(page);
  await openSettings(page, SERIAL_ONLY);
  const baud = page.getByRole('combobox', { name: 'Baud rate' });
  await expect(baud).toHaveValue('4800');
  await expect(baud.locator('option')).toHaveText(['4800', '9600', '38400', '115200']);
  await baud.selectOption('38400');
  expect(await readLocalStorage(page, 'gps_baud_rate')).toBe('38400');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Baud rate' })).toHaveValue('38400');
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: 'connected at 38400 baud' })).toBeVisible();
  expect((await serialLog(page)).opens).toEqual([38400]);
});

test('unplugging the receiver shows GPS disconnected; Reconnect GPS opens a port again', async ({ page }) => {
  const sentences = sentencesOf(readGpsdLog('bu353s4.log'));
  await useFakeSerial(page, { initial: sentences.slice(0, 10).join('\r\n') + '\r\n' });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('serial');

  await serialUnplug(page);
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: 'GPS disconnected' })).toBeVisible();
  await page.getByRole('button', { name: 'Reconnect GPS' }).click();
  await expect(page.getByRole('button', { name: 'Disconnect GPS' })).toBeVisible();
  await expect(gpsPanel(page).getByText('GPS disconnected')).toHaveCount(0);
  expect((await serialLog(page)).requests).toBe(2);
});

test('a read error the port survives (BufferOverrunError): reading goes on from a fresh stream', async ({ page }) => {
  const log = readGpsdLog('bu353s4.log');
  const sentences = sentencesOf(log);
  const half = Math.floor(sentences.length / 2);
  await useFakeSerial(page, { initial: sentences.slice(0, half).join('\r\n') + '\r\n' });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(rawNmea(page)).toContainText(sentences[half - 1]!);

  await serialFail(page, 'BufferOverrunError');
  await serialPush(page, sentences.slice(half).join('\r\n') + '\r\n');

  await expect(rawNmea(page)).toContainText(sentences.at(-1)!);
  await expect(gpsField(page, 'Latitude')).toHaveText(lastFix(log).latitude);
  await expect(gpsPanel(page).getByText('GPS disconnected')).toHaveCount(0);
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: 'recovered from 1 read error' })).toBeVisible();
  expect((await serialLog(page)).streams).toBe(2);
});

test('a fatal read error (the device was lost) shows GPS disconnected', async ({ page }) => {
  await useFakeSerial(page, { initial: sentencesOf(readGpsdLog('bu353s4.log')).slice(0, 8).join('\r\n') + '\r\n' });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  await serialFail(page, 'NetworkError');
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: 'GPS disconnected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect GPS' })).toBeVisible();
});

test('Disconnect GPS releases the port (it can be closed) and offers Connect GPS again', async ({ page }) => {
  await useFakeSerial(page, { initial: sentencesOf(readGpsdLog('bu353s4.log')).slice(0, 8).join('\r\n') + '\r\n' });
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  await page.getByRole('button', { name: 'Disconnect GPS' }).click();
  await expect(page.getByRole('button', { name: 'Connect GPS' })).toBeVisible();
  await expect.poll(async () => (await serialLog(page)).closes).toBe(1);
});

// Chromium lets a dedicated worker use Web Serial: the port chosen on the page is opened and
// read by the NMEA worker (matched by its USB ids), so the receiver's bytes never touch the
// page's main thread. Every test above runs the other way: Chromium's real Web Serial in the
// worker knows no permitted port, so the page opens and reads the fake port itself.
test('where the NMEA worker can open the chosen port, the worker reads it: the same fix, sentences and read-error recovery, and the page never opens the port', async ({ page }) => {
  const log = readGpsdLog('ublox-zed-f9p-nmea.log');
  const sentences = sentencesOf(log);
  const half = Math.floor(sentences.length / 2);
  await useFakeSerial(page);
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('combobox', { name: 'Baud rate' }).selectOption('9600');
  const worker = await useFakeWorkerSerial(page, { initial: sentences.slice(0, half).join('\r\n') + '\r\n', chunkBytes: 37 });

  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(rawNmea(page)).toContainText(sentences[half - 1]!);
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: 'connected at 9600 baud' })).toBeVisible();
  expect(await serialLog(worker)).toMatchObject({ opens: [9600], framings: ['8N1'], streams: 1 });
  expect(await serialLog(page)).toMatchObject({ requests: 1, opens: [], streams: 0 });

  await serialFail(worker, 'BufferOverrunError');
  await serialPush(worker, sentences.slice(half).join('\r\n') + '\r\n');
  const expected = lastFix(log);
  await expect(gpsField(page, 'Latitude')).toHaveText(expected.latitude);
  await expect(gpsField(page, 'Longitude')).toHaveText(expected.longitude);
  await expect(rawNmea(page)).toHaveText(sentences.slice(-20).join('\n'));
  await expect(gpsPanel(page).getByRole('status').filter({ hasText: 'recovered from 1 read error' })).toBeVisible();
  expect((await serialLog(worker)).streams).toBe(2);

  await page.getByRole('button', { name: 'Disconnect GPS' }).click();
  await expect(page.getByRole('button', { name: 'Connect GPS' })).toBeVisible();
  await expect.poll(async () => (await serialLog(worker)).closes).toBe(1);
  expect((await serialLog(page)).closes).toBe(0);
});

// Unplugging here fails the worker's stream (NetworkError), as Chromium does; the page's port
// object gets no 'disconnect' event (that path is in gpsController.test.ts), and the fake
// keeps offering the same port object on Reconnect where Chromium would give a new one.
test('the receiver unplugged while the NMEA worker reads it shows GPS disconnected, and Reconnect GPS reads again', async ({ page }) => {
  const sentences = sentencesOf(readGpsdLog('bu353s4.log'));
  await useFakeSerial(page);
  await openSettings(page, SERIAL_ONLY);
  const worker = await useFakeWorkerSerial(page, { initial: sentences.slice(0, 8).join('\r\n') + '\r\n' });
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('serial');

  await serialUnplug(worker);
  await expect(gpsPanel(page).getByRole('alert').filter({ hasText: 'GPS disconnected' })).toBeVisible();
  await expect.poll(async () => (await serialLog(worker)).closes).toBe(1);
  await page.getByRole('button', { name: 'Reconnect GPS' }).click();
  await expect(page.getByRole('button', { name: 'Disconnect GPS' })).toBeVisible();
  await serialPush(worker, sentences.slice(8, 16).join('\r\n') + '\r\n');
  await expect(rawNmea(page)).toContainText(sentences[15]!);
  expect((await serialLog(worker)).opens).toEqual([4800, 4800]);
});
