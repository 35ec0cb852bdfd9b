// Issue "Surveys and measurements in the app", point 1, in Chromium's real IndexedDB: a
// database in either reading of SPEC §3 (per-purpose stores, or one store of version 4)
// opens and migrates without loss; 'Item already exists' (SPEC §5); another tab never
// blocks an upgrade. Fixtures are written with the raw IndexedDB API, not the app's code.
import { expect, test, type Page } from '@playwright/test';
import { openHarness } from './support/storageHarness';

const SURVEY = { id: 's-1', surveyTitle: 'Fixture', name: 'Fixture', active: true, createdAt: '2026-01-01T00:00:00.000Z' };
const MEASUREMENTS = Array.from({ length: 250 }, (_, i) => ({
  id: `m-${i}`,
  user_id: i < 200 ? 's-1' : 's-2',
  rel: 3 + i / 1000,
  poi_type: i % 2 ? 'bridge' : 'wire',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
}));

/** Layout B: one store 'items' at version 4, records tagged with their collection. */
async function writeSingleStoreFixture(page: Page) {
  await page.evaluate(
    ({ survey, measurements }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('clearway', 4);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('items', { keyPath: ['collection', 'id'] });
          store.createIndex('by-collection', 'collection');
          store.put({ ...survey, collection: 'surveys' });
          for (const m of measurements) store.put({ ...m, collection: 'measurements' });
          store.put({ id: 'laser', values: { groundReference: 0.25 }, collection: 'appSettings' });
        };
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
    { survey: SURVEY, measurements: MEASUREMENTS },
  );
}

/** Layout A at version 4, as another build of the app would have left it. */
async function writePerPurposeFixture(page: Page) {
  await page.evaluate(
    ({ survey, measurements }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('clearway', 4);
        request.onupgradeneeded = () => {
          const db = request.result;
          for (const name of ['surveys', 'routes', 'route-points', 'alerts', 'vehicleTraces', 'videoBlobs', 'csv-data', 'appSettings']) {
            db.createObjectStore(name, { keyPath: 'id' });
          }
          const m = db.createObjectStore('measurements', { keyPath: 'id' });
          m.createIndex('by-survey', 'user_id');
          m.createIndex('by-date', 'createdAt');
          m.createIndex('by-category', 'poi_type');
          request.transaction?.objectStore('routes').createIndex('by-survey', 'surveyId');
          request.transaction?.objectStore('routes').createIndex('by-date', 'createdAt');
          request.transaction?.objectStore('route-points').createIndex('by-route', 'routeId');
          request.transaction?.objectStore('route-points').createIndex('by-order', 'order');
          request.transaction?.objectStore('alerts').createIndex('by-survey', 'surveyId');
          request.transaction?.objectStore('vehicleTraces').createIndex('by-survey', 'surveyId');
          request.transaction?.objectStore('surveys').put(survey);
          for (const item of measurements) m.put(item);
          // The running CSV and the auto-save as version 4 kept them: ids made of conventions.
          const csv = request.transaction?.objectStore('csv-data');
          csv?.put({ id: 's-1|', surveyId: 's-1', text: 'HEADER\r\n' });
          csv?.put({ id: `s-1|${measurements[0]?.createdAt}|m-0`, surveyId: 's-1', text: 'row m-0\r\n' });
          csv?.put({ id: `s-1|${measurements[1]?.createdAt}|m-1`, surveyId: 's-1', text: 'row m-1\r\n' });
          csv?.put({ id: 'autosave|s-1', surveyId: 's-1', format: 'csv', blob: new Blob(['saved csv']), savedAt: '2026-01-02T00:00:00.000Z' });
        };
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
    { survey: SURVEY, measurements: MEASUREMENTS },
  );
}

/** The database as the raw API sees it: version, stores, record counts. */
const inspect = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ version: number; stores: string[]; measurements: number }>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const db = request.result;
          const stores = [...db.objectStoreNames];
          if (!stores.includes('measurements')) {
            db.close();
            resolve({ version: db.version, stores, measurements: -1 });
            return;
          }
          const count = db.transaction('measurements').objectStore('measurements').count();
          count.onsuccess = () => {
            db.close();
            resolve({ version: db.version, stores, measurements: count.result });
          };
        };
        request.onerror = () => reject(request.error);
      }),
  );

test('a single-store (layout B) database of version 4 migrates to the per-purpose stores without loss', async ({ page }) => {
  await openHarness(page);
  await writeSingleStoreFixture(page);
  const read = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    const mode = await s.initStorage();
    const survey = await s.stores.surveys.get('s-1');
    const ofSurvey = await s.stores.measurements.count('s-1');
    const newest = await s.stores.measurements.page('s-2', 0, 1);
    const laser = await s.stores.settings.get('laser');
    return { mode, survey, ofSurvey, newestId: newest[0]?.id, m7: await s.stores.measurements.get('m-7'), laser };
  });
  expect(read.mode).toBe('indexeddb');
  expect(read.survey).toEqual(SURVEY);
  expect(read.ofSurvey).toBe(200);
  expect(read.newestId).toBe('m-249');
  expect(read.m7).toEqual(MEASUREMENTS[7]);
  expect(read.laser).toEqual({ id: 'laser', values: { groundReference: 0.25 } });
  const after = await inspect(page);
  expect(after.stores).not.toContain('items');
  expect(after.stores).toEqual(expect.arrayContaining(['surveys', 'measurements', 'routes', 'route-points', 'alerts', 'vehicleTraces', 'videoBlobs', 'csv-data', 'appSettings']));
  expect(after.measurements).toBe(250);
  expect(after.version).toBeGreaterThan(4);
});

test('a per-purpose (layout A) database of version 4 upgrades without loss: its running CSV and auto-save become typed records', async ({ page }) => {
  await openHarness(page);
  await writePerPurposeFixture(page);
  const read = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    const mode = await s.initStorage();
    const autosave = await s.stores.autosaves.get('s-1');
    return {
      mode,
      count: await s.stores.measurements.count('s-2'),
      newest: (await s.stores.measurements.page('s-1', 0, 2)).map((m) => m.id),
      highestPoi: await s.stores.measurements.highestPoiNumber('s-1'),
      csv: await s.stores.csvRows.of('s-1'),
      autosave: autosave && { format: autosave.format, savedAt: autosave.savedAt, text: await autosave.blob.text() },
    };
  });
  expect(read).toEqual({
    mode: 'indexeddb',
    count: 50,
    newest: ['m-199', 'm-198'],
    highestPoi: 0,
    csv: ['row m-0\r\n', 'row m-1\r\n'],
    autosave: { format: 'csv', savedAt: '2026-01-02T00:00:00.000Z', text: 'saved csv' },
  });
  expect(await inspect(page)).toMatchObject({ version: 6, measurements: 250 });
  const csvIds = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => {
          const keys = request.result.transaction('csv-data').objectStore('csv-data').getAllKeys();
          keys.onsuccess = () => {
            request.result.close();
            resolve(keys.result as string[]);
          };
        };
      }),
  );
  expect(csvIds.sort()).toEqual(['m-0', 'm-1']);
});

test("adding an id that exists fails with 'Item already exists'; the stored record is untouched", async ({ page }) => {
  await openHarness(page);
  const outcome = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    await s.initStorage();
    const survey = (title: string) => ({ id: 'dup', surveyTitle: title }) as Parameters<typeof s.stores.surveys.add>[0];
    await s.stores.surveys.add(survey('first'));
    let message = '';
    try {
      await s.stores.surveys.add(survey('second'));
    } catch (error) {
      message = (error as Error).message;
    }
    return { message, kept: await s.stores.surveys.get('dup') };
  });
  expect(outcome.message).toBe('Item already exists');
  expect(outcome.kept).toEqual({ id: 'dup', surveyTitle: 'first' });
});

test('a tab holding the database never blocks another tab upgrading it; the first tab carries on', async ({ page, context }) => {
  await openHarness(page);
  await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    await s.initStorage();
    await s.stores.surveys.save({ id: 'before', surveyTitle: 'before the upgrade' } as Parameters<typeof s.stores.surveys.save>[0]);
  });
  const other = await context.newPage();
  await openHarness(other);
  const upgrade = await other.evaluate(
    () =>
      new Promise<{ blocked: boolean; version: number }>((resolve, reject) => {
        let blocked = false;
        const request = indexedDB.open('clearway', 9);
        request.onblocked = () => (blocked = true);
        request.onupgradeneeded = () => request.result.createObjectStore('from-a-newer-version');
        request.onsuccess = () => {
          const version = request.result.version;
          request.result.close();
          resolve({ blocked, version });
        };
        request.onerror = () => reject(request.error);
      }),
  );
  expect(upgrade).toEqual({ blocked: false, version: 9 });
  const after = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    await s.stores.surveys.save({ id: 'after', surveyTitle: 'after the upgrade' } as Parameters<typeof s.stores.surveys.save>[0]);
    return { mode: s.getStorageMode(), ids: (await s.stores.surveys.list()).map((x) => x.id).sort() };
  });
  expect(after).toEqual({ mode: 'indexeddb', ids: ['after', 'before'] });
});
