// Issue 12 point 12, the alert log, in Chromium: a real log streamed through the fake
// serial receiver, the receiver going quiet (page.clock) and being unplugged; the section
// 'Alert log' newest first and filtered by kind; the alerts (and the trace) in the JSON
// export and the survey backup; and a trace batch the database refuses (SPEC §8 "Trace save
// failures fall back to local storage"), said in the trace panel and in the log.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialPush, serialUnplug, useFakeSerial } from './support/fakeSerial';
import { gpsField, openSettings } from './support/gpsPanel';
import { CORPUS } from './support/nmeaCorpus';
import { emergencyCopies } from './support/storedData';
import { createSurvey } from './support/survey';
import { activeSurveyId, alertLog, drive, epochsOf, exportAs, movingLog, traceFact, tracePanel } from './support/trace';

const SERIAL_ONLY = { gps_failsafe_enabled: 'false' };
const EPOCHS = epochsOf(movingLog());
/** AeroRust's nmea2.log: a u-blox M8 talking with no fix (empty GGA, quality 0). */
const NO_FIX = readFileSync(join(CORPUS, 'nmea', 'aerorust-nmea', 'nmea2.log'), 'latin1');

const logItems = (page: Page) => alertLog(page).getByRole('list', { name: 'Alerts, newest first' }).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await useFakeSerial(page);
  await openSettings(page, SERIAL_ONLY);
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  await expect(gpsField(page, 'Source')).toHaveText('none');
});

test('the fix goes stale, comes back, is lost, the receiver is unplugged: logged newest first, filtered by kind, exported and backed up', async ({ page }) => {
  await createSurvey(page, { title: 'Alerts run', surveyor: 'Ana', client: 'Client A' });
  await expect(alertLog(page)).toContainText('No alerts yet');

  const driveStart = await page.evaluate(() => Date.now());
  await drive(page, EPOCHS.slice(0, 3));
  await page.clock.fastForward(11_000);
  await expect(logItems(page)).toHaveCount(1);
  await expect(logItems(page).first()).toContainText(/Fix stale · GPS fix is stale: no update for \d+ s/);
  // Stale after 10 s, not before; and never older than the drive itself (bounded by the page's
  // own clock, which flows with real time: this holds however slow the machine is).
  const staleFor = Number(/no update for (\d+) s/.exec((await logItems(page).first().textContent()) ?? '')?.[1]);
  const sinceDrive = ((await page.evaluate(() => Date.now())) - driveStart) / 1000;
  expect(staleFor).toBeGreaterThanOrEqual(10);
  expect(staleFor).toBeLessThanOrEqual(sinceDrive);

  await drive(page, EPOCHS.slice(20, 22));
  await expect(logItems(page)).toHaveCount(2);
  await expect(logItems(page).first()).toContainText('GPS regained · GPS regained (serial)');

  // In a tunnel: the receiver talks on, with no fix.
  await serialPush(page, NO_FIX);
  await expect(gpsField(page, 'Fix')).toHaveText('No Fix');
  await expect(logItems(page)).toHaveCount(3);
  await expect(logItems(page).first()).toContainText('GPS lost · GPS lost: the receiver reports no fix');

  await serialUnplug(page);
  await expect(logItems(page)).toHaveCount(4);
  await expect(logItems(page).first()).toContainText('Serial disconnected · GPS disconnected');
  const texts = await logItems(page).allTextContents();
  expect(texts.map((t) => t.split(' · ')[1])).toEqual(['Serial disconnected', 'GPS lost', 'GPS regained', 'Fix stale']);
  // Each shows its time.
  await expect(logItems(page).first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  const kind = alertLog(page).getByLabel('Alert kind');
  await kind.selectOption({ label: 'Fix stale' });
  await expect(logItems(page)).toHaveCount(1);
  await expect(logItems(page).first()).toContainText('Fix stale');
  await kind.selectOption({ label: 'GPS lost' });
  await expect(logItems(page)).toHaveCount(1);
  await expect(logItems(page).first()).toContainText('the receiver reports no fix');
  await kind.selectOption({ label: 'Route calculation fallback' });
  await expect(logItems(page)).toHaveCount(0);
  await expect(alertLog(page)).toContainText('No alerts of this kind');
  await kind.selectOption({ label: 'All kinds' });
  await expect(logItems(page)).toHaveCount(4);

  // The JSON export carries them, oldest first, with the survey id, time, kind and message.
  const surveyId = await activeSurveyId(page);
  const json = JSON.parse((await exportAs(page, 'json')).toString('utf8')) as {
    alerts: { surveyId: string; createdAt: string; kind: string; message: string }[];
    vehicleTraces: { surveyId: string; latitude: number; gapBefore?: boolean }[];
  };
  expect(json.alerts.map((a) => a.kind)).toEqual(['fix-stale', 'gps-regained', 'gps-lost', 'serial-disconnected']);
  expect(json.alerts.every((a) => a.surveyId === surveyId && !Number.isNaN(Date.parse(a.createdAt)))).toBe(true);
  expect(json.alerts[3]?.message).toBe('GPS disconnected');
  expect(json.vehicleTraces.map((p) => p.gapBefore === true)).toEqual([true, false, false, true, false]);

  // So does the backup the CLI reads (alerts.json, traces.json).
  const { unzipSync } = await import('fflate');
  const backup = unzipSync(new Uint8Array(await exportAs(page, 'backup')));
  const decode = (name: string) => JSON.parse(new TextDecoder().decode(backup[name])) as Record<string, unknown>[];
  expect(decode('alerts.json').map((a) => a.kind)).toEqual(['fix-stale', 'gps-regained', 'gps-lost', 'serial-disconnected']);
  expect(decode('traces.json')).toHaveLength(5);
  expect(decode('traces.json')[3]?.gapBefore).toBe(true);
});

test('a trace batch the database refuses goes to emergency storage: the trace panel and the alert log say so', async ({ page }) => {
  await createSurvey(page, { title: 'Refused', surveyor: 'Ana', client: 'Client A' });
  // From now on every write of trace points to the main database fails (a damaged store).
  await page.evaluate(() => {
    const original = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const stores = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
      if (this.name === 'clearway' && args[1] === 'readwrite' && stores.includes('vehicleTraces')) {
        throw new DOMException('The backing store is damaged (test)', 'UnknownError');
      }
      return original.apply(this, args);
    } as IDBDatabase['transaction'];
  });
  await drive(page, EPOCHS.slice(0, 3));
  // The batch's age limit, then the SPEC §8 retry 500 ms later.
  await page.clock.fastForward(10_000);
  await page.clock.fastForward(600);
  await expect(tracePanel(page).getByRole('alert')).toHaveText('The database failed: trace points saved to the emergency database');
  await expect(traceFact(page, 'Trace points')).toHaveText('3 recorded');
  const surveyId = await activeSurveyId(page);
  const copies = await emergencyCopies(page, 'vehicleTraces');
  expect(copies.filter((c) => !c.deleted && c.item?.surveyId === surveyId)).toHaveLength(3);
  await expect(logItems(page).first()).toContainText('Storage emergency · The database failed: 3 trace points saved to the emergency database');
});
