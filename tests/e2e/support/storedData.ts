// Reading what the browser really kept, without the app: IndexedDB (database 'clearway',
// store 'measurements', index 'by-survey' on the survey id) and the emergency copies — in
// the durable emergency database ('clearway-emergency', store 'records') and in localStorage
// (one key per record under 'clearway:local-store:', SPEC §9 "Local data key"). The reads run
// in a blank page of the app's origin, so no app code can repair or replay anything first.
import type { BrowserContext, Page } from '@playwright/test';

/** The one localStorage key of the emergency data store (SPEC §9). */
export const EMERGENCY_KEY = 'clearway:local-store';

/** A path of the app's origin that serves an empty page (no app code runs there). */
const BLANK_PATH = '/__blank-origin-page';

/** The fields a surveyor entered and a test checks. */
export interface KeptMeasurement {
  id: string;
  user_id: string;
  rel: number;
  note: string;
}

/** Serves an empty page at BLANK_PATH on every page of the context. */
export async function serveBlankPage(target: BrowserContext | Page): Promise<void> {
  await target.route(`**${BLANK_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Blank</title><p>blank</p>' }),
  );
}

/** Navigates to the blank page of the origin (serveBlankPage must have run). */
export async function openBlankPage(page: Page): Promise<void> {
  await page.goto(BLANK_PATH);
}

/**
 * The rows of a store of the app's database, all of them or those of `key` in `index`. An
 * absent database or store reads as none. Right after a SIGKILL, Chromium once answered the
 * first `indexedDB.open` with "Internal error opening backing store" (an UnknownError, seen
 * once in several hundred relaunches): such an open is tried again, up to 10 times 300 ms
 * apart, before it fails the test.
 *
 * A database `indexedDB.databases()` does not list is not taken as absent on its word (the
 * list says nothing of a backing store that has not opened yet): it is opened, and an open
 * that needs an upgrade from version 0 finds no database and is aborted, so the read creates
 * none. When Chromium reports there that it discarded the origin's databases (`dataLoss:
 * 'total'`, its answer to a backing store it judged corrupt), the read fails with Chromium's
 * own message. Where the page forbids opening at all (a test's patched `indexedDB.open`), an
 * unlisted database reads as none.
 */
export async function idbRows(page: Page, store: string, index: { name: string; key: string } | null = null, database = 'clearway'): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    async ({ store, index, database }) => {
      const listed = (await indexedDB.databases()).some((d) => d.name === database);
      type Opened = { db: IDBDatabase } | { absent: true };
      const openOnce = () =>
        new Promise<Opened>((resolve, reject) => {
          let request: IDBOpenDBRequest;
          try {
            request = indexedDB.open(database);
          } catch (error) {
            if (listed) throw error;
            resolve({ absent: true });
            return;
          }
          // A test's stand-in for a failing open (not the browser's request): unlisted is absent.
          if (!listed && !(request instanceof IDBOpenDBRequest)) {
            resolve({ absent: true });
            return;
          }
          let absent = false;
          request.onupgradeneeded = (event) => {
            absent = true;
            const loss = event as IDBVersionChangeEvent & { dataLoss?: string; dataLossMessage?: string };
            if (loss.dataLoss === 'total') {
              reject(new Error(`Chromium discarded the database '${database}' (dataLoss 'total': ${loss.dataLossMessage ?? 'no message'})`));
            }
            request.transaction?.abort();
          };
          request.onsuccess = () => resolve({ db: request.result });
          request.onerror = (event) => {
            event.preventDefault();
            if (absent) resolve({ absent: true });
            else reject(request.error);
          };
        });
      let opened: Opened | null = null;
      for (let attempt = 1; opened === null; attempt += 1) {
        opened = await openOnce().catch(async (error: unknown) => {
          if (attempt >= 10 || !(error instanceof DOMException && error.name === 'UnknownError')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return null;
        });
      }
      if ('absent' in opened) return [];
      const db = opened.db;
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        const objects = db.transaction(store).objectStore(store);
        // A database the app could not use (a test breaks it on purpose) may lack the index.
        if (index !== null && !objects.indexNames.contains(index.name)) return [];
        const request = index === null ? objects.getAll() : objects.index(index.name).getAll(index.key);
        return await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { store, index, database },
  );
}

function kept(m: Record<string, unknown>): KeptMeasurement {
  return { id: String(m.id), user_id: String(m.user_id), rel: Number(m.rel), note: String(m.note ?? '') };
}

/**
 * The measurements of a survey in IndexedDB, read through the by-survey index (or all of
 * them when `surveyId` is null).
 */
export async function idbMeasurements(page: Page, surveyId: string | null): Promise<KeptMeasurement[]> {
  const rows = await idbRows(page, 'measurements', surveyId === null ? null : { name: 'by-survey', key: surveyId });
  return rows.map(kept);
}

/** The surveys in IndexedDB (id, title, active), or none. */
export async function idbSurveys(page: Page): Promise<{ id: string; surveyTitle: string; active: boolean }[]> {
  const rows = await idbRows(page, 'surveys');
  return rows.map((s) => ({ id: String(s.id), surveyTitle: String(s.surveyTitle ?? ''), active: s.active === true }));
}

interface EmergencyCopy {
  store: string;
  id: string;
  item: Record<string, unknown> | null;
  savedAt: number;
  deleted: boolean;
}

/** Every emergency copy of a store, from both tiers, the newest of each record. */
export async function emergencyCopies(page: Page, store: string): Promise<EmergencyCopy[]> {
  const local = await page.evaluate(
    ({ prefix }) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => localStorage.getItem(key) ?? 'null'),
    { prefix: `${EMERGENCY_KEY}:${store}:` },
  );
  const durable = (await idbRows(page, 'records', null, 'clearway-emergency')) as unknown as EmergencyCopy[];
  const newest = new Map<string, EmergencyCopy>();
  for (const copy of [...durable.filter((c) => c.store === store), ...local.map((text) => JSON.parse(text) as EmergencyCopy)]) {
    const seen = newest.get(copy.id);
    if (!seen || copy.savedAt > seen.savedAt) newest.set(copy.id, copy);
  }
  return [...newest.values()];
}

/** The measurements held in emergency storage, both tiers (of one survey, or all). */
export async function emergencyMeasurements(page: Page, surveyId: string | null = null): Promise<KeptMeasurement[]> {
  return (await emergencyCopies(page, 'measurements'))
    .filter((copy) => !copy.deleted && copy.item)
    .map((copy) => kept(copy.item ?? {}))
    .filter((m) => surveyId === null || m.user_id === surveyId);
}

/** The number shown in the list heading "Measurements (N)". */
export async function listedCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Measurements \(/ });
  const text = (await heading.textContent()) ?? '';
  const match = /\(([\d,]+)\)/.exec(text);
  if (!match?.[1]) throw new Error(`no count in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
}

/** The vehicle trace points of a survey in IndexedDB (store 'vehicleTraces', index 'by-survey'), as stored. */
export async function idbTracePoints(page: Page, surveyId: string): Promise<Record<string, unknown>[]> {
  return idbRows(page, 'vehicleTraces', { name: 'by-survey', key: surveyId });
}

/** The alerts of a survey in IndexedDB (store 'alerts', index 'by-survey'), as stored. */
export async function idbAlerts(page: Page, surveyId: string): Promise<Record<string, unknown>[]> {
  return idbRows(page, 'alerts', { name: 'by-survey', key: surveyId });
}
