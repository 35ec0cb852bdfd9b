// Driving the vehicle trace and the alert log of `/` from a fake serial receiver fed one
// epoch (one second of a real log) at a time, with the page's clock moved on by the test.
// Expected positions come from a plain reading of the log text (ddmm.mmmm → degrees),
// never from the app's parser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { serialPush } from './fakeSerial';
import { gpsField } from './gpsPanel';
import { CORPUS, sentencesOf } from './nmeaCorpus';
import { surveySection } from './survey';

/** AeroRust/nmea's nmea1.log: a real 1 Hz log of a fast-moving platform (~280 km/h), GP/GL. */
export function movingLog(): string {
  return readFileSync(join(CORPUS, 'nmea', 'aerorust-nmea', 'nmea1.log'), 'latin1');
}

export interface Epoch {
  /** The epoch's sentences, CRLF-terminated, as the receiver sends them. */
  text: string;
  latitude: number;
  longitude: number;
  /** km/h, from the RMC speed in knots × 1.852. */
  speedKmh: number;
  course: number;
}

function degrees(value: string, hemisphere: string, degreeDigits: number): number {
  const d = Number(value.slice(0, degreeDigits)) + Number(value.slice(degreeDigits)) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -d : d;
}

/** The log cut into epochs: each ends with its GGA; its position from its RMC. */
export function epochsOf(log: string): Epoch[] {
  const epochs: Epoch[] = [];
  let pending: string[] = [];
  let rmc: string[] | null = null;
  for (const sentence of sentencesOf(log)) {
    pending.push(sentence);
    if (sentence.slice(3, 6) === 'RMC') rmc = sentence.split(',');
    if (sentence.slice(3, 6) !== 'GGA') continue;
    if (rmc && rmc[2] === 'A') {
      epochs.push({
        text: pending.join('\r\n') + '\r\n',
        latitude: degrees(rmc[3]!, rmc[4]!, 2),
        longitude: degrees(rmc[5]!, rmc[6]!, 3),
        speedKmh: Number(rmc[7]) * 1.852,
        course: Number(rmc[8]),
      });
    }
    pending = [];
    rmc = null;
  }
  return epochs;
}

/** Sends one epoch and waits until the GPS panel shows its position. */
export async function sendEpoch(page: Page, epoch: Epoch): Promise<void> {
  await serialPush(page, epoch.text);
  await expect(gpsField(page, 'Latitude')).toHaveText(epoch.latitude.toFixed(6));
}

/** Sends the epochs one per second of the page's clock (page.clock must be installed). */
export async function drive(page: Page, epochs: readonly Epoch[]): Promise<void> {
  for (const [i, epoch] of epochs.entries()) {
    if (i > 0) await page.clock.fastForward(1_000);
    await sendEpoch(page, epoch);
  }
}

/** The workspace's records column (beside the map on a tablet): the list, the trace, the alert log. */
const records = (page: Page) => page.getByRole('region', { name: 'Records', exact: true });
export const tracePanel = (page: Page) => records(page).getByRole('region', { name: 'Vehicle trace' });
export const alertLog = (page: Page) => records(page).getByRole('region', { name: 'Alert log' });

/** A value of the trace panel ("Trace points" → "12 recorded"). */
export const traceFact = (page: Page, term: string) =>
  tracePanel(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The id of the active survey, read from IndexedDB. */
export async function activeSurveyId(page: Page): Promise<string> {
  const id = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const all = request.result.transaction('surveys').objectStore('surveys').getAll();
          all.onsuccess = () => {
            request.result.close();
            resolve((all.result as { id: string; active: boolean }[]).find((s) => s.active)?.id ?? null);
          };
        };
        request.onerror = () => reject(request.error);
      }),
  );
  if (!id) throw new Error('no active survey in IndexedDB');
  return id;
}

/** Exports the active survey in `format` and returns the downloaded file's bytes. */
export async function exportAs(page: Page, format: string): Promise<Buffer> {
  await surveySection(page).getByLabel('Export format').selectOption(format);
  const download = page.waitForEvent('download');
  await surveySection(page).getByRole('button', { name: 'Export survey' }).click();
  return readFileSync(await (await download).path());
}
