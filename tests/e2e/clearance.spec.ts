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
import { serialLog, serialPush, serialPushTo, useFakeSerial } from './support/fakeSerial';
import { gpsField, openSettings } from './support/gpsPanel';
import { lastFix, readGpsdLog } from './support/nmeaCorpus';
import { idbRows } from './support/storedData';
import { captureForm, createSurvey, measurementList, saveMeasurement } from './support/survey';

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

/** Exports the active survey in `format`; resolves to the downloaded file's path. */
async function exportAs(page: Page, format: string): Promise<string> {
  await page.getByLabel('Export format').selectOption(format);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export survey' }).click();
  return (await download).path();
}

/** A CSV export's cells, row by row (the SPEC's CSV has no quoted commas: they become semicolons). */
async function exportedCsv(page: Page): Promise<string[][]> {
  const text = readFileSync(await exportAs(page, 'csv'), 'utf8').replace(/^\uFEFF/, '');
  return text
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));
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
  // The list's newest row gets its status chip once the clearance core has judged it: waited for.
  await expect(measurementList(page).getByRole('listitem').first()).toContainText('Fail 0.05 m');
});

/** Worked out here: the height a shot gives, slope × sin(inclination), as the form shows it (3 decimals). */
const rad = (deg: number) => (deg * Math.PI) / 180;
const asTyped = (metres: number) => String(Math.round(metres * 1000) / 1000);
/** A `$PLTIT` line with its checksum worked out by the XOR rule (lines of ours, not the review's). */
const withChecksum = (body: string) => `$${body}*${[...body].reduce((x, c) => x ^ c.charCodeAt(0), 0).toString(16).toUpperCase().padStart(2, '0')}`;
/** A laser on the road aimed 86.4° up, 5.00 m slope, good target. */
const UP_SHOT = withChecksum('PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M');
/** Aimed 80° up, 5.0 m slope from a WEAK target (quality digit 1). */
const WEAK_UP_SHOT = withChecksum('PLTIT,HV,0.81,M,0.00,D,80.00,D,5.01,M');

test("Connect rangefinder (8N1): a steep shot's height above the laser fills the height, a distance never does; a weak target is marked, a bad checksum refused", async ({ page }) => {
  await useFakeSerial(page, { chunkBytes: 7 });
  await openSettings(page);
  await createSurvey(page, { title: 'A20 heavy haul', surveyor: 'Ana', client: 'Hydro' });
  await setLoad(page, '4.60');
  const form = captureForm(page);
  await expect(form.getByLabel('Rangefinder baud rate')).toHaveValue('4800');
  await form.getByRole('button', { name: 'Connect rangefinder' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Rangefinder connected at 4800 baud' })).toBeVisible();
  expect(await serialLog(page)).toMatchObject({ opens: [4800], framings: ['8N1'] });
  const height = form.getByLabel('Height');

  // Aimed up from the road: 5.00 × sin 86.4° = 4.990 m. 4.990 − 4.60 − 0.15 = 0.24: a pass.
  await serialPush(page, `${UP_SHOT}\r\n`);
  const upHeight = asTyped(5 * Math.sin(rad(86.4)));
  await expect(height).toHaveValue(upHeight);
  await expect(status(page)).toHaveText('Pass: margin 0.24 m (clearance 4.99 m)');
  await expect(form.getByText('Weak target')).toHaveCount(0);

  // Line 1: 11.8 m to a target 3.7° up, seen from the side: a distance, shown, not a clearance.
  await serialPush(page, `${REVIEW_LINES[0]}\r\n`);
  await expect(form.getByRole('status').filter({ hasText: 'Last distance: 11.80 m' })).toBeVisible();
  await expect(height).toHaveValue(upHeight);

  // 5.0 m at 80° up from a WEAK target: 4.924 m, marked.
  await serialPush(page, `${WEAK_UP_SHOT}\r\n`);
  const weakHeight = asTyped(5.0 * Math.sin(rad(80)));
  await expect(height).toHaveValue(weakHeight);
  await expect(form.getByRole('alert').filter({ hasText: 'Weak target' })).toBeVisible();

  // Line 8: the manual's typo, checksum 74 where 79 is right: refused, the height stays.
  await serialPush(page, `${REVIEW_LINES[7]}\r\n`);
  await expect(form.getByRole('alert').filter({ hasText: 'Rangefinder reading rejected' })).toContainText('checksum does not match');
  await expect(height).toHaveValue(weakHeight);

  // Line 3 alone, the 3-shot's first shot (16 ft at −1.2°): a distance, shown, not taken.
  await serialPush(page, `${REVIEW_LINES[2]}\r\n`);
  await expect(form.getByRole('status').filter({ hasText: '3-shot height: 1 of 3 shots taken' })).toBeVisible();
  await expect(height).toHaveValue(weakHeight);

  // Lines 4–5 complete the 3-shot height, 16 ft · (tan 32.4° − tan −19.1°), in metres.
  const expectedM = 16 * (Math.tan(rad(32.4)) - Math.tan(rad(-19.1))) * 0.3048;
  await serialPush(page, `${REVIEW_LINES[3]}\r\n${REVIEW_LINES[4]}\r\n`);
  await expect(height).toHaveValue(String(Math.round(expectedM * 1000) / 1000));
  // 4.783 − 4.60 − 0.15 = 0.033: tight.
  await expect(status(page)).toHaveText(/^Tight: margin 0\.03 m/);

  await saveMeasurement(page, { height: String(Math.round(expectedM * 1000) / 1000) });
  await expect(measurementList(page).getByRole('listitem').first()).toContainText('Tight 0.03 m');
});

test("the laser's height above the road is added to a single shot, never to the 3-shot height, and kept on the measurement", async ({ page }) => {
  await useFakeSerial(page, { chunkBytes: 7 });
  await openSettings(page);
  await createSurvey(page, { title: 'A20 handheld', surveyor: 'Ana', client: 'Hydro' });
  await page.getByRole('spinbutton', { name: 'Laser height above the road (m)' }).fill('1.5');
  const form = captureForm(page);
  await form.getByRole('button', { name: 'Connect rangefinder' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Rangefinder connected' })).toBeVisible();
  const height = form.getByLabel('Height');

  // Held 1.5 m above the road and aimed up: 5.00 × sin 86.4° above the laser, + 1.5 m.
  await serialPush(page, `${UP_SHOT}\r\n`);
  const handheld = asTyped(5 * Math.sin(rad(86.4)) + 1.5);
  await expect(height).toHaveValue(handheld);
  const savedId = async () => (await form.locator('[data-saved-id]').getAttribute('data-saved-id')) ?? '';
  expect(await saveMeasurement(page, { height: handheld })).toContain(`(height ${Number(handheld).toFixed(3)} m)`);
  const shotId = await savedId();

  // The 3-shot routine measures from the road wherever the laser is: nothing is added.
  const threeShot = asTyped(16 * (Math.tan(rad(32.4)) - Math.tan(rad(-19.1))) * 0.3048);
  await serialPush(page, `${REVIEW_LINES[2]}\r\n${REVIEW_LINES[3]}\r\n${REVIEW_LINES[4]}\r\n`);
  await expect(height).toHaveValue(threeShot);
  await saveMeasurement(page, { height: threeShot });
  const threeShotId = await savedId();

  // Per lane: a single shot added as a lane reading carries the laser's height too.
  await form.getByRole('button', { name: 'Readings per lane' }).click();
  const lanes = form.getByRole('group', { name: 'Readings per lane' });
  await serialPush(page, `${UP_SHOT}\r\n`);
  await expect(lanes.getByLabel('Reading', { exact: true })).toHaveValue(handheld);
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await form.getByRole('button', { name: 'Save measurement' }).click();
  await expect(form.locator('.capture__outcome')).not.toHaveAttribute('data-saved-id', threeShotId);
  const laneId = await savedId();

  // Stored as the device gave it (not the field's rounding), with what was added.
  const stored = await idbRows(page, 'measurements');
  expect(stored.find((m) => m.id === laneId)).toMatchObject({ groundRef: 1.5, readings: [{ method: 'laser', heightM: Number(handheld) }] });
  const shot = stored.find((m) => m.id === shotId);
  expect(shot?.groundRef).toBe(1.5);
  expect(Number(shot?.rel)).toBeCloseTo(5 * Math.sin(rad(86.4)) + 1.5, 9);
  const routine = stored.find((m) => m.id === threeShotId);
  expect(Number(routine?.rel)).toBeCloseTo(16 * (Math.tan(rad(32.4)) - Math.tan(rad(-19.1))) * 0.3048, 3);
  expect(routine?.groundRef).toBeUndefined();
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

  // 'Survey report (PDF)' is one of the export choices.
  await expect(page.getByLabel('Export format').getByRole('option', { name: 'Survey report (PDF)' })).toHaveAttribute('value', 'report');
  const backup = await exportAs(page, 'backup');
  const appPdf = await exportAs(page, 'report');
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

// The clearance columns the issue adds after the SPEC's CSV columns.
const CLEARANCE_COLUMNS = ['Clearance (m)', 'Bound', 'Method', 'Margin (m)', 'Status', 'Readings', 'Wire Temp (C)', 'Wire Time', 'Sag'];

test('a lane reading without a load profile: the CSV export still has the clearance columns', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'A20 lanes', surveyor: 'Ana', client: 'Hydro' });
  await captureForm(page).getByRole('button', { name: 'Readings per lane' }).click();
  const lanes = captureForm(page).getByRole('group', { name: 'Readings per lane' });
  await lanes.getByLabel('Lane', { exact: true }).selectOption('left edge');
  await lanes.getByLabel('Reading', { exact: true }).fill('5.20');
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await captureForm(page).getByRole('button', { name: 'Save measurement' }).click();
  await expect(captureForm(page).locator('.capture__outcome')).toContainText('saved');

  const [header, start, poi] = await exportedCsv(page);
  expect(header?.slice(-CLEARANCE_COLUMNS.length)).toEqual(CLEARANCE_COLUMNS);
  expect(start).toHaveLength(header!.length);
  const cell = (name: string) => poi?.[header!.indexOf(name)];
  expect(cell('Clearance (m)')).toBe('5.200');
  expect(cell('Readings')).toBe('left edge laser 5.200');
  // No load profile: no margin, no status.
  expect(cell('Margin (m)')).toBe('');
});

test('the sag allowance of the load profile decides whether a cool wire is flagged', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Wires', surveyor: 'Ana', client: 'Hydro' });
  const load = page.getByRole('form', { name: 'Load profile' });
  await expect(load.getByLabel('Sag allowance (°C)')).toHaveValue('5');
  await load.getByLabel('Load height (m)').fill('4.60');
  await load.getByLabel('Move temperature (°C)').fill('30');
  await load.getByRole('button', { name: 'Save load profile' }).click();
  await expect(load.getByRole('status')).toHaveText('Load profile saved.');

  const form = captureForm(page);
  await form.getByLabel('POI type').selectOption('wire');
  await form.getByLabel('Height').fill('6');
  await form.getByLabel('Wire temperature (°C)').fill('22');
  await form.getByLabel('Wire time').fill('06:30');
  // 30 − 22 = 8 °C cooler: more than the default 5 °C.
  const sag = form.getByRole('alert').filter({ hasText: 'Wire sag' });
  await expect(sag).toHaveText('Wire sag: surveyed 8.0 °C cooler than the move; it will hang lower.');

  // An allowance of 10 °C: 8 °C cooler is within it.
  await load.getByLabel('Sag allowance (°C)').fill('10');
  await load.getByRole('button', { name: 'Save load profile' }).click();
  await expect(load.getByRole('status')).toHaveText('Load profile saved.');
  await expect(sag).toHaveCount(0);
  // Kept with the survey: shown again after a reload.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Load profile' }).getByLabel('Sag allowance (°C)')).toHaveValue('10');

  // A negative allowance is refused with a clear message, the saved one kept.
  const reloaded = page.getByRole('form', { name: 'Load profile' });
  await reloaded.getByLabel('Sag allowance (°C)').fill('-2');
  await reloaded.getByRole('button', { name: 'Save load profile' }).click();
  await expect(reloaded.getByRole('alert')).toHaveText('Sag allowance: enter zero or more degrees Celsius.');
});

test('the GPS and the rangefinder on two serial ports at once, the rangefinder at the rate chosen', async ({ page }) => {
  const log = readGpsdLog('bu353s4.log');
  const fix = lastFix(log);
  await useFakeSerial(page, { chunkBytes: 11 });
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await createSurvey(page, { title: 'Two ports', surveyor: 'Ana', client: 'Hydro' });
  await page.getByRole('button', { name: 'Connect GPS' }).click();
  const form = captureForm(page);
  await form.getByLabel('Rangefinder baud rate').selectOption('9600');
  await form.getByRole('button', { name: 'Connect rangefinder' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Rangefinder connected at 9600 baud' })).toBeVisible();
  // The GPS port opened first at its 4800 default, the rangefinder's at the rate chosen.
  expect((await serialLog(page)).opens).toEqual([4800, 9600]);

  // Both streams at once: the GPS log in pieces, a rangefinder reading between them.
  const half = Math.floor(log.length / 2);
  await serialPushTo(page, 0, log.slice(0, half));
  await serialPushTo(page, 1, `${UP_SHOT}\r\n`);
  await serialPushTo(page, 0, log.slice(half));
  await expect(form.getByLabel('Height')).toHaveValue(asTyped(5 * Math.sin(rad(86.4))));
  await expect(gpsField(page, 'Latitude')).toHaveText(fix.latitude);
  await expect(gpsField(page, 'Longitude')).toHaveText(fix.longitude);
  await expect(gpsField(page, 'Source')).toHaveText('serial');
  // And the rangefinder still reads after the GPS log: 5.0 m at 80° up.
  await serialPushTo(page, 1, `${WEAK_UP_SHOT}\r\n`);
  await expect(form.getByLabel('Height')).toHaveValue(asTyped(5.0 * Math.sin(rad(80))));
});

test('with Readings per lane open, a rangefinder reading fills the current lane reading, not the height', async ({ page }) => {
  await useFakeSerial(page);
  await openSettings(page);
  await createSurvey(page, { title: 'Lanes by laser', surveyor: 'Ana', client: 'Hydro' });
  const form = captureForm(page);
  await form.getByLabel('Height').fill('5');
  await form.getByRole('button', { name: 'Connect rangefinder' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Rangefinder connected at 4800 baud' })).toBeVisible();
  await form.getByRole('button', { name: 'Readings per lane' }).click();
  const lanes = form.getByRole('group', { name: 'Readings per lane' });
  await lanes.getByLabel('Lane', { exact: true }).selectOption('centre');
  // A shot 86.4° up: 4.990 m.
  await serialPush(page, `${UP_SHOT}\r\n`);
  await expect(lanes.getByLabel('Reading', { exact: true })).toHaveValue(asTyped(5 * Math.sin(rad(86.4))));
  await expect(form.getByLabel('Height')).toHaveValue('5');
  await lanes.getByRole('button', { name: 'Add reading' }).click();
  await expect(lanes.getByRole('listitem')).toHaveCount(1);
  await expect(lanes.getByRole('listitem').first()).toContainText('centre');
  await expect(lanes.getByRole('listitem').first()).toContainText('4.99');
});

test("feet and inches: a 16' 0\" reading is stored and exported in metres; the load height is shown rounded up", async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'US 30 metric', surveyor: 'Bo', client: 'Permit office' });
  await setLoad(page, '4.60');
  await page.getByRole('combobox', { name: 'Height unit' }).selectOption({ label: 'Feet and inches' });
  // 4.60 m = 15.09 ft = 15' 1.1": rounded up, 15' 2" (a rounded-down load would flatter the margin).
  await expect(page.getByRole('form', { name: 'Load profile' }).getByLabel("Load height (ft-in)")).toHaveValue(`15' 2"`);
  await saveMeasurement(page, { height: `16' 0"` });
  // 16 ft × 0.3048 = 4.8768 m: 4.877 with the SPEC's 3 decimals.
  const [header, , poi] = await exportedCsv(page);
  const height = header!.findIndex((name) => /^height/i.test(name));
  expect(height).toBeGreaterThanOrEqual(0);
  expect(poi?.[height]).toBe('4.877');
  expect(poi?.[header!.indexOf('Clearance (m)')]).toBe('4.877');
});

test('a load profile typed on the New survey form is saved with the survey', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('region', { name: 'Survey', exact: true }).getByRole('button', { name: 'New survey' }).click();
  const create = page.getByRole('form', { name: 'New survey' });
  await create.getByLabel('Survey title').fill('Made with its load');
  await create.getByLabel('Surveyor name').fill('Ana');
  await create.getByLabel('Client name').fill('Hydro');
  // A bad figure is refused with the panel's message, and nothing is created.
  await create.getByLabel('Load height (m)').fill('-4.6');
  await create.getByRole('button', { name: 'Create survey' }).click();
  await expect(create.getByRole('alert')).toHaveText('Load height must be a positive number of metres');
  await create.getByLabel('Load height (m)').fill('4.60');
  await create.getByLabel('Load width (m)').fill('3.5');
  await create.getByLabel('Buffer (m)').fill('0.25');
  await create.getByRole('button', { name: 'Create survey' }).click();
  await expect(create).toHaveCount(0);
  const load = page.getByRole('form', { name: 'Load profile' });
  await expect(load.getByLabel('Load height (m)')).toHaveValue('4.6');
  await expect(load.getByLabel('Load width (m)')).toHaveValue('3.5');
  await expect(load.getByLabel('Buffer (m)')).toHaveValue('0.25');
  // 5.10 − 4.60 − 0.25 = 0.25: above the 0.15 band, a pass.
  await captureForm(page).getByLabel('Height').fill('5.10');
  await expect(status(page)).toHaveText('Pass: margin 0.25 m (clearance 5.10 m)');
});
