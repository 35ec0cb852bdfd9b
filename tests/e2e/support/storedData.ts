// Reading what the browser really kept, without the app: IndexedDB (database 'clearway',
// store 'measurements', index 'by-survey' on the survey id) and the emergency copy in
// localStorage ('clearway:local-store', SPEC §9 "Local data key"). The reads run in a blank
// page of the app's origin, so no app code can repair or replay anything first.
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
 * The measurements of a survey in IndexedDB, read through the by-survey index (or all of
 * them when `surveyId` is null). An absent database or store reads as none.
 */
export async function idbMeasurements(page: Page, surveyId: string | null): Promise<KeptMeasurement[]> {
  return page.evaluate(async (survey) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('clearway')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('measurements')) return [];
      const store = db.transaction('measurements').objectStore('measurements');
      const request = survey === null ? store.getAll() : store.index('by-survey').getAll(survey);
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error);
      });
      return rows.map((m) => ({ id: String(m.id), user_id: String(m.user_id), rel: Number(m.rel), note: String(m.note ?? '') }));
    } finally {
      db.close();
    }
  }, surveyId);
}

/** The surveys in IndexedDB (id, title, active), or none. */
export async function idbSurveys(page: Page): Promise<{ id: string; surveyTitle: string; active: boolean }[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('clearway')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('surveys')) return [];
      const request = db.transaction('surveys').objectStore('surveys').getAll();
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error);
      });
      return rows.map((s) => ({ id: String(s.id), surveyTitle: String(s.surveyTitle ?? ''), active: s.active === true }));
    } finally {
      db.close();
    }
  });
}

/** The measurements held in the emergency store of localStorage (of one survey, or all). */
export async function emergencyMeasurements(page: Page, surveyId: string | null = null): Promise<KeptMeasurement[]> {
  const text = await page.evaluate((key) => localStorage.getItem(key), EMERGENCY_KEY);
  if (text === null) return [];
  const data = JSON.parse(text) as { collections?: { measurements?: Record<string, Record<string, unknown>> } };
  return Object.values(data.collections?.measurements ?? {})
    .map((m) => ({ id: String(m.id), user_id: String(m.user_id), rel: Number(m.rel), note: String(m.note ?? '') }))
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
