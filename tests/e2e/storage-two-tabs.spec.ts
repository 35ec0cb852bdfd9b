// Issue 5, point 7d — two tabs writing at once. Two pages of one browser profile save
// measurements to the same survey concurrently: every measurement either tab acknowledged
// is in IndexedDB, intact, and each tab's list follows the other's writes without a reload
// (SPEC §4 "Adding a measurement": a database-change signal is raised after the write).
import { expect, test, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { emergencyCopies, emergencyMeasurements, idbMeasurements, idbSurveys, listedCount } from './support/storedData';
import { captureForm, createSurvey, listedRows, saveMeasurement, summaryValue } from './support/survey';

const PER_TAB = 15;
const SAVED_LOCALLY = 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.';

/** Runs in the page: IndexedDB refuses to open (both databases): only localStorage is left. */
function indexedDbForbidden() {
  IDBFactory.prototype.open = () => {
    throw new DOMException('IndexedDB is not allowed here', 'SecurityError');
  };
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 10 });
  await seedLocalStorage(context, { app_access: 'true' });
});

/**
 * Saves `count` measurements through the tab's form, each submitted with Enter from the
 * Note field (a tab that is not in front gets no animation frames headless, so Playwright's
 * click, which waits for a stable frame, would crawl there); returns id → height and note.
 */
async function saveMany(page: Page, tab: string, count: number, emergency = false): Promise<Map<string, { rel: number; note: string }>> {
  const form = captureForm(page);
  const outcome = form.locator('.capture__outcome');
  const saved = new Map<string, { rel: number; note: string }>();
  let previous: string | null = null;
  for (let i = 1; i <= count; i += 1) {
    const height = `${tab === 'A' ? 4 : 5}.${String(i).padStart(2, '0')}`;
    const note = `tab ${tab} #${i}`;
    await form.getByLabel('Height').fill(height);
    await form.getByLabel('Note').fill(note);
    await form.getByLabel('Note').press('Enter');
    await expect(outcome).toHaveAttribute('data-saved-id', previous === null ? /./ : new RegExp(`^(?!${previous}$)`));
    await expect(outcome).toContainText(emergency ? SAVED_LOCALLY : `saved (height ${Number(height).toFixed(3)} m)`);
    const id = await outcome.getAttribute('data-saved-id');
    if (!id) throw new Error(`tab ${tab}: save ${i} reported no id`);
    saved.set(id, { rel: Number(height), note });
    previous = id;
  }
  return saved;
}

test('two tabs saving to one survey at the same time: nothing lost, and each list follows the other tab', async ({ context }) => {
  test.setTimeout(90_000);
  const a = await context.newPage();
  await a.goto('/');
  await createSurvey(a, { title: 'Two tabs', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  const b = await context.newPage();
  await b.goto('/');
  await expect(summaryValue(b, 'Survey title')).toHaveText('Two tabs');
  await expect.poll(() => listedCount(b)).toBe(1);
  const surveyId = (await idbSurveys(a)).find((s) => s.active && s.surveyTitle === 'Two tabs')?.id;
  if (!surveyId) throw new Error('the survey is not in IndexedDB');

  const [fromA, fromB] = await Promise.all([saveMany(a, 'A', PER_TAB), saveMany(b, 'B', PER_TAB)]);
  expect(fromA.size + fromB.size).toBe(2 * PER_TAB);

  // Every acknowledged measurement of both tabs is stored, intact, once.
  const stored = await idbMeasurements(a, surveyId);
  expect(stored).toHaveLength(1 + 2 * PER_TAB);
  for (const [id, m] of [...fromA, ...fromB]) expect(stored).toContainEqual({ id, user_id: surveyId, ...m });

  // Both lists show all of them, without a reload.
  await expect.poll(() => listedCount(a)).toBe(1 + 2 * PER_TAB);
  await expect.poll(() => listedCount(b)).toBe(1 + 2 * PER_TAB);

  // One more in A only: B's list shows it on top.
  await a.bringToFront();
  expect(await saveMeasurement(a, { height: '6.5', note: 'only in tab A' })).toContain('saved');
  await expect.poll(() => listedCount(b)).toBe(2 + 2 * PER_TAB);
  await expect.poll(async () => (await listedRows(b))[0]).toContain('only in tab A');

  // And after a reload each tab still lists the same set.
  await b.reload();
  await expect.poll(() => listedCount(b)).toBe(2 + 2 * PER_TAB);
});

test('two tabs in emergency mode on localStorage saving at once: every record under its own key, nothing lost', async ({ context }) => {
  test.setTimeout(90_000);
  await context.addInitScript(indexedDbForbidden);
  const a = await context.newPage();
  await a.goto('/');
  await createSurvey(a, { title: 'Two tabs, no database', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  const b = await context.newPage();
  await b.goto('/');
  await expect(summaryValue(b, 'Survey title')).toHaveText('Two tabs, no database');
  const survey = (await emergencyCopies(a, 'surveys')).map((c) => c.item as { id: string; surveyTitle: string } | null).find((s) => s?.surveyTitle === 'Two tabs, no database');
  if (!survey) throw new Error('the survey is not in emergency storage');

  const [fromA, fromB] = await Promise.all([saveMany(a, 'A', PER_TAB, true), saveMany(b, 'B', PER_TAB, true)]);
  expect(fromA.size + fromB.size).toBe(2 * PER_TAB);

  // Every acknowledged measurement of both tabs is kept, intact, once (START included).
  const kept = await emergencyMeasurements(a, survey.id);
  expect(kept).toHaveLength(1 + 2 * PER_TAB);
  for (const [id, m] of [...fromA, ...fromB]) expect(kept).toContainEqual({ id, user_id: survey.id, ...m });

  // Both lists show all of them, without a reload.
  await expect.poll(() => listedCount(a)).toBe(1 + 2 * PER_TAB);
  await expect.poll(() => listedCount(b)).toBe(1 + 2 * PER_TAB);
});
