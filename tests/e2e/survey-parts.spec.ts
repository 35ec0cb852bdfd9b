// A survey bigger than several of the store's read parts (READ_PART, 5,000), in Chromium: the
// export reads it in parts in one transaction and sends each part to its worker as it comes
// (ExportFeed), and the document holds every measurement once, oldest first. 6,000 of them
// share one time, so one key is bigger than a part and straddles where a cut would fall.
// Expected: IndexedDB's own order (time, then id), from the records the test wrote.
import { expect, test } from '@playwright/test';
import { openSettings } from './support/gpsPanel';
import { createSurvey } from './support/survey';
import { activeSurveyId, exportAs } from './support/trace';

const SEEDED = 12_345;

test('a survey of several read parts exports every measurement once, oldest first (JSON, GeoJSON and its count)', async ({ page }) => {
  await openSettings(page);
  await createSurvey(page, { title: 'Parts', surveyor: 'Ana', client: 'Client A' });
  const surveyId = await activeSurveyId(page);
  const seeded = await page.evaluate(
    async ({ surveyId, count }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction('measurements', 'readwrite');
      const keys: [string, string][] = [];
      for (let i = 0; i < count; i += 1) {
        // Ids out of time order; records 3,000-8,999 all at one time.
        const id = `p${String((i * 7919) % count).padStart(5, '0')}`;
        const second = i >= 3_000 && i < 9_000 ? 3_000 : i;
        const createdAt = new Date(Date.UTC(2030, 0, 1) + second * 1000).toISOString();
        tx.objectStore('measurements').put({ id, user_id: surveyId, rel: 4 + (i % 100) / 100, latitude: 45.5 + i / 1e5, longitude: -73.5, poiNumber: i + 2, poi_type: 'bridge', roadNumber: '7', note: '', source: 'manual', createdAt });
        keys.push([createdAt, id]);
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onabort = () => reject(tx.error);
      });
      db.close();
      return keys;
    },
    { surveyId, count: SEEDED },
  );
  const expected = seeded
    .sort(([ta, ia], [tb, ib]) => (ta < tb ? -1 : ta > tb ? 1 : ia < ib ? -1 : ia > ib ? 1 : 0))
    .map(([, id]) => id);

  const json = JSON.parse((await exportAs(page, 'json')).toString('utf8')) as { measurements: { id: string; latitude?: unknown }[] };
  const ids = json.measurements.map((m) => m.id);
  // The survey's START (written in 2026) comes first, then the seeded ones in IndexedDB's order.
  expect(ids).toHaveLength(SEEDED + 1);
  expect(ids.slice(1)).toEqual(expected);
  expect(new Set(ids).size).toBe(SEEDED + 1);

  // GeoJSON: a feature per measurement with a position (the START has none here: no fix).
  const geojson = JSON.parse((await exportAs(page, 'geojson')).toString('utf8')) as { features: { properties: { id: string } }[] };
  expect(geojson.features.map((f) => f.properties.id)).toEqual(json.measurements.filter((m) => typeof m.latitude === 'number').map((m) => m.id));
  expect(geojson.features).toHaveLength(SEEDED);
  await expect(page.getByText(`${SEEDED + 1} measurements exported`)).toBeVisible();
});
