// Issue 5, point 7b — storage quota exhausted. The DevTools Protocol's
// Storage.overrideQuotaForOrigin gives the origin a one-byte quota before the page first
// opens storage (ENVIRONMENT.md), so every IndexedDB write fails with QuotaExceededError.
// SPEC §8 database errors: the save ends as 'Database temporarily unavailable. …' with an
// emergency local copy; when even that fails, 'Critical error: …'. Once space is back the
// emergency copies return to IndexedDB ('Emergency data recovered', SPEC §8).
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { emergencyCopies, emergencyMeasurements, idbMeasurements, idbSurveys, listedCount } from './support/storedData';
import { captureForm, createSurvey, saveMeasurement, summaryValue } from './support/survey';

const SAVED_LOCALLY = 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.';
const CRITICAL = 'Critical error: Unable to save measurement. Please try refreshing the page.';

/** Opens `/` with the origin's quota overridden first; returns a function that lifts it. */
async function openWithQuota(page: Page, origin: string, quotaSize: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  return async () => {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  };
}

const outcome = (page: Page) => captureForm(page).locator('.capture__outcome');

async function activeSurveyId(page: Page, title: string): Promise<string> {
  // The survey may only be in emergency storage: read the list of surveys the app shows.
  const fromIdb = (await idbSurveys(page)).find((s) => s.surveyTitle === title)?.id;
  if (fromIdb) return fromIdb;
  const surveys = (await emergencyCopies(page, 'surveys')).map((copy) => copy.item as { id: string; surveyTitle: string } | null);
  const found = surveys.find((s) => s?.surveyTitle === title)?.id;
  if (!found) throw new Error(`survey "${title}" is in neither store`);
  return found;
}

test('quota exhausted: each save says the data is kept locally, the copy is in emergency storage, and it all returns to IndexedDB once space is back', async ({
  page,
  baseURL,
}) => {
  const liftQuota = await openWithQuota(page, baseURL!, 1);
  await createSurvey(page, { title: 'Quota run', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  const surveyId = await activeSurveyId(page, 'Quota run');

  const saved: { id: string; rel: number; note: string }[] = [];
  for (const [height, note] of [
    ['4.25', 'low bridge'],
    ['5.1', 'wires'],
  ] as const) {
    const text = await saveMeasurement(page, { height, note });
    expect(text).toBe(SAVED_LOCALLY);
    // The surveyor is told clearly, as an alert, and the form is ready for the next point.
    await expect(outcome(page)).toHaveRole('alert');
    await expect(captureForm(page).getByLabel('Height')).toHaveValue('');
    const id = await outcome(page).getAttribute('data-saved-id');
    expect(id).toBeTruthy();
    saved.push({ id: id!, rel: Number(height), note });
  }
  // Listed like any other measurement (START + 2).
  expect(await listedCount(page)).toBe(3);

  // The quota really bit: IndexedDB holds none of them; the emergency store holds both.
  expect(await idbMeasurements(page, surveyId)).toEqual([]);
  const local = await emergencyMeasurements(page, surveyId);
  for (const m of saved) expect(local).toContainEqual({ ...m, user_id: surveyId });

  // Space is back; on the next start the copies go back to IndexedDB.
  await liftQuota();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Emergency data recovered' })).toContainText(
    'Your previous data has been restored from emergency backups',
  );
  await expect(summaryValue(page, 'Survey title')).toHaveText('Quota run');
  await expect.poll(() => listedCount(page)).toBe(3);
  await expect.poll(async () => (await idbMeasurements(page, surveyId)).length).toBe(3);
  const stored = await idbMeasurements(page, surveyId);
  for (const m of saved) expect(stored).toContainEqual({ ...m, user_id: surveyId });
  expect((await idbSurveys(page)).find((s) => s.id === surveyId)).toMatchObject({ surveyTitle: 'Quota run', active: true });
  expect(await emergencyMeasurements(page, surveyId)).toEqual([]);

  // And IndexedDB takes new saves normally again.
  expect(await saveMeasurement(page, { height: '3.3' })).toContain('saved (height 3.300 m)');
  await expect.poll(async () => (await idbMeasurements(page, surveyId)).length).toBe(4);
});

/**
 * Runs in the page: localStorage refuses every write with QuotaExceededError while
 * `window.__localStorageFull` is true, as a device whose storage is full. (Filling it for
 * real cannot reach the last bytes: the app frees its own redundant backups first.)
 */
function localStorageCanFill() {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    if ((window as unknown as { __localStorageFull?: boolean }).__localStorageFull) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
}

test('quota exhausted and localStorage full: a critical error, the form keeps every value, and a second try once space is freed keeps the measurement', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(localStorageCanFill);
  await openWithQuota(page, baseURL!, 1);
  await createSurvey(page, { title: 'Full device', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  const surveyId = await activeSurveyId(page, 'Full device');
  const listed = await listedCount(page);

  const form = captureForm(page);
  await page.evaluate(() => ((window as unknown as { __localStorageFull: boolean }).__localStorageFull = true));
  await form.getByLabel('Height').fill('6.75');
  await form.getByLabel('Note').fill('gantry');
  await form.getByLabel('Width').fill('3.2');
  await form.getByRole('button', { name: 'Save measurement' }).click();
  await expect(outcome(page)).toHaveText(CRITICAL);
  await expect(outcome(page)).toHaveRole('alert');
  await expect(outcome(page)).not.toHaveAttribute('data-saved-id');
  await expect(form.getByLabel('Height')).toHaveValue('6.75');
  await expect(form.getByLabel('Note')).toHaveValue('gantry');
  await expect(form.getByLabel('Width')).toHaveValue('3.2');
  expect(await listedCount(page)).toBe(listed);

  // The surveyor frees space and saves the same values again.
  await page.evaluate(() => ((window as unknown as { __localStorageFull: boolean }).__localStorageFull = false));
  await form.getByRole('button', { name: 'Save measurement' }).click();
  await expect(outcome(page)).toHaveText(SAVED_LOCALLY);
  const id = await outcome(page).getAttribute('data-saved-id');
  expect(id).toBeTruthy();
  expect(await emergencyMeasurements(page, surveyId)).toContainEqual({ id, user_id: surveyId, rel: 6.75, note: 'gantry' });
  expect(await listedCount(page)).toBe(listed + 1);
});
