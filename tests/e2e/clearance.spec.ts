// Issue 15 end to end: the load profile and the live margin (Pass / Tight / Fail) on the
// capture form, the laser rangefinder on a second serial port (a fake navigator.serial
// sending the review's `$PLTIT` sample lines, its bad checksum included), readings per lane,
// and the status carried into the list and the CSV export. Expected figures are worked out
// here from the review's rules (margin = clearance − load − buffer; 0.15 m buffer and band;
// H = HD·(tan top − tan base)), never read from the app's code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { serialLog, serialPush, useFakeSerial } from './support/fakeSerial';
import { openSettings } from './support/gpsPanel';
import { captureForm, createSurvey, listedRows, saveMeasurement } from './support/survey';

const REVIEW_LINES = readFileSync(fileURLToPath(new URL('../../crates/core/tests/data/pltit-review.txt', import.meta.url)), 'utf8')
  .split(/\r?\n/)
  .filter(Boolean);

const status = (page: Page) => captureForm(page).getByLabel('Clearance against the load').getByRole('status');

async function setLoad(page: Page, heightM: string) {
  const form = page.getByRole('form', { name: 'Load profile' });
  await form.getByLabel('Load height (m)').fill(heightM);
  await form.getByRole('button', { name: 'Save load profile' }).click();
  await expect(form.getByRole('status')).toHaveText('Load profile saved.');
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 10 });
});

test('the margin against a 4.60 m load is shown live as the height is typed', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'A20 heavy haul', surveyor: 'Ana', client: 'Hydro' });
  await setLoad(page, '4.60');
  const height = captureForm(page).getByLabel('Height');
  // 4.60 + 0.15 buffer = 4.75: below fails; from 4.75 up to 4.90 (the 0.15 band) is tight.
  await height.fill('4.70');
  await expect(status(page)).toHaveText('Fail: margin -0.05 m (clearance 4.70 m)');
  await height.fill('4.85');
  await expect(status(page)).toHaveText('Tight: margin 0.10 m (clearance 4.85 m)');
  await height.fill('5');
  await expect(status(page)).toHaveText('Pass: margin 0.25 m (clearance 5.00 m)');

  // Readings per lane: the height is the lowest; a pole strike fails whatever its figure.
  await captureForm(page).getByRole('button', { name: 'Readings per lane' }).click();
  const lanes = captureForm(page).getByRole('group', { name: 'Readings per lane' });
  await lanes.getByLabel('Lane', { exact: true }).selectOption('left edge');
  await lanes.getByLabel('Reading', { exact: true }).fill('5.20');
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await lanes.getByLabel('Lane', { exact: true }).selectOption('right edge');
  await lanes.getByLabel('Reading', { exact: true }).fill('4.80');
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await expect(height).toHaveValue('4.80 m');
  await expect(status(page)).toHaveText('Tight: margin 0.05 m (clearance 4.80 m)');
  await lanes.getByLabel('Method', { exact: true }).selectOption('poleStrike');
  await lanes.getByLabel('Reading', { exact: true }).fill('5.40');
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await expect(status(page)).toHaveText('Fail: margin 0.05 m (clearance 4.80 m)');
  await captureForm(page).getByRole('button', { name: 'Save measurement' }).click();
  await expect(captureForm(page).locator('.capture__outcome')).toContainText('saved');
  const rows = await listedRows(page);
  expect(rows[0]).toContain('Fail 0.05 m');
});

test('Connect rangefinder: the review sentences fill the height, a weak target is marked, a bad checksum is refused', async ({ page }) => {
  await useFakeSerial(page, { chunkBytes: 7 });
  await openSettings(page);
  await createSurvey(page, { title: 'A20 heavy haul', surveyor: 'Ana', client: 'Hydro' });
  await setLoad(page, '4.60');
  const form = captureForm(page);
  await expect(form.getByLabel('Rangefinder baud rate')).toHaveValue('4800');
  await form.getByRole('button', { name: 'Connect rangefinder' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Rangefinder connected at 4800 baud' })).toBeVisible();
  expect((await serialLog(page)).opens).toEqual([4800]);
  const height = form.getByLabel('Height');

  // Line 1: 11.8 m, good target.
  await serialPush(page, `${REVIEW_LINES[0]}\r\n`);
  await expect(height).toHaveValue('11.8');
  await expect(status(page)).toHaveText('Pass: margin 7.05 m (clearance 11.80 m)');
  await expect(form.getByText('Weak target')).toHaveCount(0);

  // Line 2: 7.01,M is 7.0 m from a WEAK target.
  await serialPush(page, `${REVIEW_LINES[1]}\r\n`);
  await expect(height).toHaveValue('7');
  await expect(form.getByRole('alert').filter({ hasText: 'Weak target' })).toBeVisible();

  // Line 8: the manual's typo, checksum 74 where 79 is right: refused, the height stays.
  await serialPush(page, `${REVIEW_LINES[7]}\r\n`);
  await expect(form.getByRole('alert').filter({ hasText: 'Rangefinder reading rejected' })).toContainText('checksum does not match');
  await expect(height).toHaveValue('7');

  // Lines 3–5: the 3-shot height, 16 ft · (tan 32.4° − tan −19.1°), in metres.
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const expectedM = 16 * (Math.tan(rad(32.4)) - Math.tan(rad(-19.1))) * 0.3048;
  await serialPush(page, `${REVIEW_LINES[2]}\r\n${REVIEW_LINES[3]}\r\n${REVIEW_LINES[4]}\r\n`);
  await expect(height).toHaveValue(String(Math.round(expectedM * 1000) / 1000));
  // 4.783 − 4.60 − 0.15 = 0.033: tight.
  await expect(status(page)).toHaveText(/^Tight: margin 0\.03 m/);

  await saveMeasurement(page, { height: String(Math.round(expectedM * 1000) / 1000) });
  const rows = await listedRows(page);
  expect(rows[0]).toContain('Tight 0.03 m');
});

test('feet and inches: the clearance is shown rounded down, the margin too', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'US 30 move', surveyor: 'Bo', client: 'Permit office' });
  await setLoad(page, '4.60');
  await page.getByRole('combobox', { name: 'Height unit' }).selectOption({ label: 'Feet and inches' });
  const height = captureForm(page).getByLabel('Height');
  // 16' 0" = 4.8768 m; margin 4.8768 − 4.75 = 0.1268 m = 4.99 in, shown rounded down: 0' 4".
  await height.fill(`16' 0"`);
  await expect(status(page)).toHaveText(`Tight: margin 0' 4" (clearance 16' 0")`);
});

test('Survey report (PDF): the app writes the bytes `clearway report` writes for its backup, the table in survey order', async ({ page }) => {
  const cli = fileURLToPath(new URL('../../target/debug/clearway', import.meta.url));
  expect(existsSync(cli), `${cli} is built by cargo test, which npm test runs first`).toBe(true);
  await openSettings(page);
  await createSurvey(page, { title: 'A20 heavy haul', surveyor: 'Ana', client: 'Hydro' });
  await setLoad(page, '4.60');
  await saveMeasurement(page, { height: '5.50', type: 'Bridge' });
  await saveMeasurement(page, { height: '4.70', type: 'Bridge', note: 'low beam' });

  const exportAs = async (format: string) => {
    await page.getByLabel('Export format').selectOption(format);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export survey' }).click();
    return (await download).path();
  };
  const backup = await exportAs('backup');
  const appPdf = await exportAs('report');
  await expect(page.getByText('Survey report ready')).toBeVisible();

  const dir = mkdtempSync(join(tmpdir(), 'clearway-report-'));
  const cliPdf = join(dir, 'cli.pdf');
  execFileSync(cli, ['report', backup, '-o', cliPdf]);
  expect(readFileSync(appPdf).equals(readFileSync(cliPdf)), 'the same bytes from the app and the CLI').toBe(true);

  const text = execFileSync('pdftotext', ['-layout', appPdf, '-'], { encoding: 'utf8' });
  const rows = text.split('\n').filter((l) => /R001-POI0000\d/.test(l));
  // 5.50 − 4.60 − 0.15 = 0.75 (Pass); 4.70 − 4.75 = −0.05 (Fail).
  expect(rows[0]).toMatch(/R001-POI00002\s+Bridge.*5\.50 m.*0\.75 m\s+Pass/);
  expect(rows[1]).toMatch(/R001-POI00003\s+Bridge.*4\.70 m.*-0\.05 m\s+Fail\s+low beam/);
  expect(text).toContain('R001-POI00003 — Bridge — Fail');
});
