// Issue 5, point 7c — IndexedDB unavailable or corrupt (SPEC §4 "Local storage fallback",
// §8 storage toasts): the app keeps working on localStorage and says so ('Using emergency
// storage mode', 'IndexedDB is corrupted, using localStorage as backup'); on a later visit
// with a working database the emergency copies go back to IndexedDB ('Emergency data
// recovered'). A database at version 4 in the single-store layout (SPEC §3: "Two readings
// exist … Both must be supported") opens and migrates with every record kept.
import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { emergencyMeasurements, idbMeasurements, idbSurveys, listedCount, openBlankPage, serveBlankPage } from './support/storedData';
import { captureForm, createSurvey, listedRows, saveMeasurement, summaryValue } from './support/survey';

const SAVED_LOCALLY = 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.';

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

async function expectEmergencyMode(page: Page): Promise<void> {
  await expect(toast(page, 'Using emergency storage mode')).toContainText('IndexedDB is corrupted, using localStorage as backup');
}

async function expectRecovered(page: Page): Promise<void> {
  await expect(toast(page, 'Emergency data recovered')).toContainText('Your previous data has been restored from emergency backups');
}

/** Runs in the page: `indexedDB.open` throws, as in a browser that forbids IndexedDB. */
function openThrows() {
  IDBFactory.prototype.open = () => {
    throw new DOMException('IndexedDB is not allowed here', 'SecurityError');
  };
}

/** Runs in the page: every open fails with an error event, as when the backing store is damaged. */
function openFails() {
  IDBFactory.prototype.open = function () {
    const request = {
      result: undefined,
      error: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'),
      readyState: 'done',
      transaction: null,
      source: null,
      onsuccess: null,
      onupgradeneeded: null,
      onblocked: null,
      onerror: null as null | ((event: { type: string; target: unknown; preventDefault(): void }) => void),
      addEventListener() {},
      removeEventListener() {},
    };
    setTimeout(() => request.onerror?.({ type: 'error', target: request, preventDefault() {} }), 5);
    return request as unknown as IDBOpenDBRequest;
  };
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.5017, longitude: -73.5673, accuracy: 10 });
  await seedLocalStorage(context, { app_access: 'true' });
  await serveBlankPage(context);
});

/** Creates a survey and saves measurements; returns the survey id and what was saved. */
async function surveyWithMeasurements(page: Page, title: string, heights: string[]) {
  await createSurvey(page, { title, surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  const saved: { id: string; rel: number; note: string }[] = [];
  for (const [i, height] of heights.entries()) {
    const note = `${title} #${i + 1}`;
    expect(await saveMeasurement(page, { height, note })).toBe(SAVED_LOCALLY);
    const id = await captureForm(page).locator('.capture__outcome').getAttribute('data-saved-id');
    if (!id) throw new Error('the save reported no id');
    saved.push({ id, rel: Number(height), note });
  }
  const local = await emergencyMeasurements(page);
  const surveyId = local.find((m) => m.id === saved[0]!.id)?.user_id;
  if (!surveyId) throw new Error('the first measurement is not in emergency storage');
  return { surveyId, saved };
}

/** Opens `/` in a fresh tab of the context, where IndexedDB works. */
async function openWorkingTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

for (const [how, breakIndexedDb] of [
  ['indexedDB.open throws', openThrows],
  ['indexedDB.open fires an error', openFails],
] as const) {
  test(`IndexedDB unavailable (${how}): emergency mode keeps the survey on localStorage; the next visit with IndexedDB recovers it all`, async ({
    page,
    context,
  }) => {
    await page.addInitScript(breakIndexedDb);
    await page.goto('/');
    await expectEmergencyMode(page);
    await expect(toast(page, 'Storage initialized')).toContainText('Application data is now using localStorage');

    const { surveyId, saved } = await surveyWithMeasurements(page, 'No IndexedDB', ['4.25', '5.5']);
    expect(await listedCount(page)).toBe(3);
    const local = await emergencyMeasurements(page, surveyId);
    for (const m of saved) expect(local).toContainEqual({ ...m, user_id: surveyId });
    expect(local).toHaveLength(3); // with START

    // The surveyor reopens the app where IndexedDB works.
    await page.close();
    const next = await openWorkingTab(context);
    await expectRecovered(next);
    await expect(summaryValue(next, 'Survey title')).toHaveText('No IndexedDB');
    await expect.poll(() => listedCount(next)).toBe(3);
    const rows = await listedRows(next);
    expect(rows[0]).toContain('No IndexedDB #2');
    expect(rows[1]).toContain('No IndexedDB #1');

    await openBlankPage(next);
    const stored = await idbMeasurements(next, surveyId);
    expect(stored).toHaveLength(3);
    for (const m of saved) expect(stored).toContainEqual({ ...m, user_id: surveyId });
    expect(await idbSurveys(next)).toContainEqual({ id: surveyId, surveyTitle: 'No IndexedDB', active: true });
    expect(await emergencyMeasurements(next)).toEqual([]);
  });
}

test('a corrupt database (version 4, a measurements store with a foreign key): emergency mode, nothing of it overwritten; once the user clears it, the emergency data moves into a new database', async ({
  page,
  context,
}) => {
  await openBlankPage(page);
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway', 4);
      request.onupgradeneeded = () => {
        request.result.createObjectStore('surveys', { keyPath: 'id' });
        request.result.createObjectStore('measurements', { keyPath: 'uuid' }).put({ uuid: 'older-app-1', rel: 3.75, note: 'from another app' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
  });

  await page.goto('/');
  await expectEmergencyMode(page);
  const { surveyId, saved } = await surveyWithMeasurements(page, 'Corrupt store', ['2.5']);
  expect(await listedCount(page)).toBe(2);

  // The damaged database was left as it was: same version, same foreign record.
  await openBlankPage(page);
  const untouched = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('measurements').objectStore('measurements');
    const rows = await new Promise<unknown[]>((resolve) => {
      const r = store.getAll();
      r.onsuccess = () => resolve(r.result);
    });
    const out = { version: db.version, keyPath: store.keyPath, stores: [...db.objectStoreNames], rows };
    db.close();
    return out;
  });
  expect(untouched).toEqual({
    version: 4,
    keyPath: 'uuid',
    stores: ['measurements', 'surveys'],
    rows: [{ uuid: 'older-app-1', rel: 3.75, note: 'from another app' }],
  });

  // The user clears the damaged database; the app's next start recovers the emergency data.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('clearway');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );
  const next = await openWorkingTab(context);
  await expectRecovered(next);
  await expect(summaryValue(next, 'Survey title')).toHaveText('Corrupt store');
  await expect.poll(() => listedCount(next)).toBe(2);
  await openBlankPage(next);
  expect(await idbMeasurements(next, surveyId)).toContainEqual({ ...saved[0]!, user_id: surveyId });
  expect(await emergencyMeasurements(next)).toEqual([]);
});

test('a version-4 database in the single-store layout opens, migrates to the per-purpose stores and keeps every record', async ({ page }) => {
  const surveyId = 'legacy-survey-1';
  await openBlankPage(page);
  await page.evaluate(async (survey) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway', 4);
      request.onupgradeneeded = () => {
        // SPEC §3: a single store of version 4 with the indexes, each record tagged with its collection.
        const items = request.result.createObjectStore('items', { keyPath: ['collection', 'id'] });
        items.createIndex('by-collection', 'collection');
        items.createIndex('by-survey', 'surveyId');
        items.createIndex('by-date', 'createdAt');
        items.createIndex('by-category', 'category');
        items.put({
          collection: 'surveys',
          id: survey,
          surveyTitle: 'Legacy bridges',
          name: 'Legacy bridges',
          surveyorName: 'Ana Surveyor',
          surveyor: 'Ana Surveyor',
          clientName: 'Heavy Haul Ltd',
          customerName: 'Heavy Haul Ltd',
          active: true,
          createdAt: '2024-05-01T08:00:00.000Z',
        });
        const measurement = (id: string, poiNumber: number, rel: number, note: string, createdAt: string) => ({
          collection: 'measurements',
          id,
          user_id: survey,
          surveyId: survey,
          rel,
          roadNumber: '1',
          poiNumber,
          poi_type: 'bridge',
          category: 'bridge',
          note,
          latitude: 45.5017,
          longitude: -73.5673,
          utcDate: createdAt.slice(0, 10),
          utcTime: createdAt.slice(11, 19),
          createdAt,
        });
        items.put(measurement('legacy-m-1', 1, 0, 'SURVEY START', '2024-05-01T08:00:00.000Z'));
        items.put(measurement('legacy-m-2', 2, 4.35, 'old rail bridge', '2024-05-01T08:05:00.000Z'));
        items.put(measurement('legacy-m-3', 3, 5.2, 'sign gantry', '2024-05-01T08:09:00.000Z'));
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
  }, surveyId);

  await page.goto('/');
  await expect(summaryValue(page, 'Survey title')).toHaveText('Legacy bridges');
  await expect.poll(() => listedCount(page)).toBe(3);
  // A row shows '…' for its identifier until the core that names POIs has loaded.
  await expect.poll(async () => (await listedRows(page))[0]).toContain('R001-POI00003');
  const rows = await listedRows(page);
  expect(rows[0]).toContain('5.200 m');
  expect(rows[0]).toContain('sign gantry');
  expect(rows[1]).toContain('4.350 m');
  expect(rows[1]).toContain('old rail bridge');
  await expect(toast(page, 'Using emergency storage mode')).toHaveCount(0);

  // A new measurement joins the migrated ones in IndexedDB.
  expect(await saveMeasurement(page, { height: '3.9', note: 'after migration' })).toContain('saved (height 3.900 m)');
  await openBlankPage(page);
  const stored = await idbMeasurements(page, surveyId);
  expect(stored).toHaveLength(4);
  expect(stored).toContainEqual({ id: 'legacy-m-1', user_id: surveyId, rel: 0, note: 'SURVEY START' });
  expect(stored).toContainEqual({ id: 'legacy-m-2', user_id: surveyId, rel: 4.35, note: 'old rail bridge' });
  expect(stored).toContainEqual({ id: 'legacy-m-3', user_id: surveyId, rel: 5.2, note: 'sign gantry' });
  expect(stored).toContainEqual({ id: expect.any(String), user_id: surveyId, rel: 3.9, note: 'after migration' });
  const stores = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const names = [...db.objectStoreNames];
    db.close();
    return names;
  });
  expect(stores).toEqual(expect.arrayContaining(['surveys', 'measurements', 'routes', 'route-points', 'alerts', 'vehicleTraces', 'videoBlobs', 'csv-data', 'appSettings']));
  expect(stores).not.toContain('items');
});

/**
 * Runs in the page: the app's versioned open of the main database fails as on a full disk,
 * and localStorage refuses every write — nothing can store anything (SPEC §8 'Critical
 * storage error'). An open without a version (a read of what exists) still works.
 */
function nothingCanBeStored() {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    if (version !== undefined) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return open.call(this, name);
  };
  Storage.prototype.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}

test("'Critical storage error. Please clear your browser data and try again.' comes with an export of what is stored, so the advice cannot destroy data", async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await createSurvey(first, { title: 'Kept before the crash', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
  expect(await saveMeasurement(first, { height: '4.75', note: 'culvert' })).toContain('saved');
  await first.close();

  const page = await context.newPage();
  await page.addInitScript(nothingCanBeStored);
  await page.goto('/');
  const critical = page.getByRole('alert').filter({ hasText: 'Critical storage error. Please clear your browser data and try again.' });
  await expect(critical).toBeVisible();
  const download = page.waitForEvent('download');
  await critical.getByRole('button', { name: 'Export stored data' }).click();
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    format: string;
    databases: Record<string, Record<string, { surveyTitle?: string; note?: string }[]>>;
  };
  expect(file.format).toBe('clearway-rescue');
  expect(file.databases.clearway?.surveys?.map((s) => s.surveyTitle)).toContain('Kept before the crash');
  expect(file.databases.clearway?.measurements?.map((m) => m.note)).toContain('culvert');
});
