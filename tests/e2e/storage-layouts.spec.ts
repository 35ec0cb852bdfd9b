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
    const survey = await s.getItem('surveys', 's-1');
    const ofSurvey = await s.getByIndex('measurements', 'by-survey', 's-1');
    const newest = await s.getByIndex('measurements', 'by-date', null, { newestFirst: true });
    const laser = await s.getItem('appSettings', 'laser');
    return { mode, survey, ofSurvey: ofSurvey.length, newestId: newest[0]?.id, m7: ofSurvey.find((m) => m.id === 'm-7'), laser };
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

test('a per-purpose (layout A) database of version 4 opens as it is', async ({ page }) => {
  await openHarness(page);
  await writePerPurposeFixture(page);
  const read = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    return { mode: await s.initStorage(), count: (await s.getByIndex('measurements', 'by-survey', 's-2')).length, bridges: (await s.getByIndex('measurements', 'by-category', 'bridge')).length };
  });
  expect(read).toEqual({ mode: 'indexeddb', count: 50, bridges: 125 });
  expect(await inspect(page)).toMatchObject({ version: 4, measurements: 250 });
});

test("adding an id that exists fails with 'Item already exists'; the stored record is untouched", async ({ page }) => {
  await openHarness(page);
  const outcome = await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    await s.initStorage();
    await s.addItem('surveys', { id: 'dup', surveyTitle: 'first' });
    let message = '';
    try {
      await s.addItem('surveys', { id: 'dup', surveyTitle: 'second' });
    } catch (error) {
      message = (error as Error).message;
    }
    return { message, kept: await s.getItem('surveys', 'dup') };
  });
  expect(outcome.message).toBe('Item already exists');
  expect(outcome.kept).toEqual({ id: 'dup', surveyTitle: 'first' });
});

test('a tab holding the database never blocks another tab upgrading it; the first tab carries on', async ({ page, context }) => {
  await openHarness(page);
  await page.evaluate(async () => {
    const s = window.__clearwayStorage;
    await s.initStorage();
    await s.saveItem('surveys', { id: 'before', surveyTitle: 'before the upgrade' });
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
    await s.saveItem('surveys', { id: 'after', surveyTitle: 'after the upgrade' });
    return { mode: s.getStorageMode(), ids: (await s.getAllItems('surveys')).map((x) => x.id).sort() };
  });
  expect(after).toEqual({ mode: 'indexeddb', ids: ['after', 'before'] });
});
