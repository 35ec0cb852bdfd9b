// Issue "GPS end to end", points 6, 8 and 10: a serial NMEA receiver (a fake navigator.serial
// streaming real gpsd logs from the shared corpus) shown on the GPS panel of `/`.
import { expect, test } from '@playwright/test';
import { readLocalStorage } from './support/app';
import { serialFail, serialLog, serialPush, serialUnplug, useFakeSerial } from './support/fakeSerial';
import { gpsField, gpsPanel, openSettings, rawNmea } from './support/gpsPanel';
import { lastFix, readGpsdLog, sentencesOf } from './support/nmeaCorpus';

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
