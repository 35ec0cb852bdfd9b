// The survey lifecycle rules (SPEC §4, §8) on the local store, over fake-indexeddb (jsdom
// has none); Chromium's IndexedDB is covered by tests/e2e/survey.spec.ts. The real core
// (wasm, loaded from disk) builds the records; validation stands in as "valid", and the CSV
// rows as one line per measurement.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCoreFromDisk } from '../../core/coreForTests';
import type * as CoreSurvey from '../../core/survey';
import { resetEmergencyDbForTests } from '../../services/storage/emergencyDb';
import { resetStorageForTests } from '../../services/storage/storageService';
import { withFreshStore } from '../../testing/freshStore';
import { EMERGENCY_KEY } from '../../services/storage/emergencyLocal';
import { PENDING_SURVEYS_KEY, RECENT_MEASUREMENTS_KEY, RECENT_SURVEYS_KEY } from '../../services/storage/localCopies';
import { stores, subscribeChanges } from '../../services/storage';
import { EMPTY_SURVEY_FORM, NO_FIX } from './records';
import {
  addMeasurement,
  clearSurvey,
  createSurvey,
  findActiveSurvey,
  listSurveys,
  loadSurvey,
  restoreLocalCopies,
  runningCsv,
  updateMeasurement,
  updateSurvey,
} from './surveyService';

// The records themselves are built by the real core (loaded below); validation and the CSV
// rows stand in.
vi.mock('../../core/survey', async (importOriginal) => ({
  ...(await importOriginal<typeof CoreSurvey>()),
  validateNewSurvey: vi.fn(async () => undefined),
  csvHeader: vi.fn(async () => 'HEADER\r\n'),
  csvRows: vi.fn(async (ms: { poiNumber: number }[]) => ms.map((m) => `row ${m.poiNumber}\r\n`).join('')),
  SurveyRuleError: class extends Error {},
}));

const form = (title: string) => ({ ...EMPTY_SURVEY_FORM, surveyTitle: title, surveyorName: 'Ana', clientName: 'C' });
const input = (poiNumber: number) => ({ rel: 4.5, roadNumber: '1', poiNumber, poiType: 'bridge', note: '', widthMeasure: null, lengthMeasure: null });
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 8, 0, seconds));

const listMeasurements = (surveyId: string) => stores.measurements.page(surveyId, 0, 1000);
/** The POI numbers of the measurements in the local ring. */
const ringPoiNumbers = () => (JSON.parse(localStorage.getItem(RECENT_MEASUREMENTS_KEY) ?? '[]') as { poiNumber: number }[]).map((m) => m.poiNumber);

/** Makes every read-write transaction fail (a corrupt, locked database): the main one, or all. */
function failDatabaseWrites(which: 'main' | 'all' = 'main') {
  const original = IDBDatabase.prototype.transaction;
  return vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if ((which === 'all' || this.name === 'clearway') && args[1] === 'readwrite') throw new DOMException('The database is corrupt', 'UnknownError');
    return original.apply(this, args);
  });
}

withFreshStore();
beforeAll(loadCoreFromDisk);

/** The store's databases are gone (Chromium discarded them); localStorage and its rings stay. */
function loseTheStore() {
  resetStorageForTests();
  globalThis.indexedDB = new IDBFactory();
  resetEmergencyDbForTests();
}

describe('the survey lifecycle (SPEC §4)', () => {
  it('a new survey is never stored without its START: whoever sees the survey sees its START too', async () => {
    // What the workspace does on every write: read the active survey and its count again.
    const seen: { active: string | null; count: number }[] = [];
    const reads: Promise<void>[] = [];
    const stop = subscribeChanges(() => {
      reads.push(
        stores.surveys.activeOverview(50).then(({ survey, count }) => {
          if (survey) seen.push({ active: survey.surveyTitle as string, count });
        }),
      );
    });
    try {
      await createSurvey(form('First'), NO_FIX, at(0));
      await Promise.all(reads);
    } finally {
      stop();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.count === 0)).toEqual([]);
  });

  it('creating a survey makes it the one active survey, with its START measurement and running CSV', async () => {
    const first = await createSurvey(form('First'), NO_FIX, at(0));
    const second = await createSurvey(form('Second'), NO_FIX, at(10));
    const surveys = await listSurveys();
    expect(surveys.map((s) => [s.surveyTitle, s.active])).toEqual([
      ['Second', true],
      ['First', false],
    ]);
    expect((await findActiveSurvey())?.id).toBe(second.survey.id);
    const [start] = await listMeasurements(first.survey.id);
    expect(start).toMatchObject({ poi_type: 'START', note: 'SURVEY START', poiNumber: 1, roadNumber: '1', rel: 0 });
    expect(await runningCsv(first.survey.id)).toBe('HEADER\r\nrow 1\r\n');
  });

  it('creating the first survey asks the browser to keep the data (persistent storage)', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted: async () => false }, configurable: true });
    try {
      await createSurvey(form('First'), NO_FIX, at(0));
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('loading a previous survey switches the active one; an unknown id is "Survey not found"', async () => {
    const first = await createSurvey(form('First'), NO_FIX, at(0));
    await createSurvey(form('Second'), NO_FIX, at(10));
    await loadSurvey(first.survey.id);
    expect((await findActiveSurvey())?.surveyTitle).toBe('First');
    expect((await listSurveys()).filter((s) => s.active)).toHaveLength(1);
    await expect(loadSurvey('nope')).rejects.toMatchObject({ message: 'Survey not found' });
  });

  it('measurements are listed newest first and appended to the running CSV; none without a survey', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    await addMeasurement(survey, input(2), NO_FIX, at(5));
    await addMeasurement(survey, input(3), NO_FIX, at(9));
    expect((await listMeasurements(survey.id)).map((m) => m.poiNumber)).toEqual([3, 2, 1]);
    expect(await runningCsv(survey.id)).toBe('HEADER\r\nrow 1\r\nrow 2\r\nrow 3\r\n');
    await expect(addMeasurement(null, input(4), NO_FIX)).rejects.toMatchObject({ message: 'No active survey' });
  });

  it("a new measurement's save writes no revision (a new id has no older copy to keep out); an edit's does", async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    const original = IDBDatabase.prototype.transaction;
    const writes: string[][] = [];
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (this.name === 'clearway' && args[1] === 'readwrite' && args[2]?.durability === 'strict') writes.push((typeof args[0] === 'string' ? [args[0]] : [...args[0]]).sort());
      return original.apply(this, args);
    });
    const { measurement } = await addMeasurement(survey, input(2), NO_FIX, at(5));
    await updateMeasurement({ ...measurement, rel: 5.25 });
    expect(writes).toEqual([
      ['csv-data', 'measurements', 'outbox'],
      ['csv-data', 'measurements', 'outbox', 'revisions'],
    ]);
  });

  it('a new measurement is built while the 50 ms write delay runs, not before the delay starts (issue 10 point 16)', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    // What happens, in order: the save's marks, and the making of the new record's id (the
    // first step of building it).
    const order: string[] = [];
    const mark = performance.mark.bind(performance);
    vi.spyOn(performance, 'mark').mockImplementation((name: string, options?: PerformanceMarkOptions) => {
      order.push(name);
      return mark(name, options);
    });
    const uuid = crypto.randomUUID.bind(crypto);
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      order.push('new id');
      return uuid();
    });
    const { measurement } = await addMeasurement(survey, input(2), NO_FIX, at(5));
    expect(order).toEqual(['clearway:save-start', 'clearway:save-delay', 'new id', 'clearway:save-delay-end', 'clearway:save-stored']);
    expect((await listMeasurements(survey.id)).map((m) => m.id)).toContain(measurement.id);
  });

  it('clearing a survey deactivates it and deletes its measurements, for good', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    await addMeasurement(survey, input(2), NO_FIX, at(5));
    await clearSurvey(survey.id);
    expect(await findActiveSurvey()).toBeNull();
    expect(await listMeasurements(survey.id)).toEqual([]);
    expect(await runningCsv(survey.id)).toBe('HEADER\r\n');
    // The recent-measurements safety net must not bring them back at the next start.
    await restoreLocalCopies();
    expect(await listMeasurements(survey.id)).toEqual([]);
  });

  it("a survey that cannot be saved anywhere: 'Failed to save survey to database'", async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    failDatabaseWrites('all');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(updateSurvey({ ...survey, lastAutoSaved: at(9).toISOString() })).rejects.toMatchObject({
      message: 'Failed to save survey to database',
    });
  }, 10_000);

  it("creation on a failing database: 'Database error detected…' with the emergency backup it names", async () => {
    failDatabaseWrites();
    const created = await createSurvey(form('Night run'), NO_FIX, at(0));
    expect(created.saved).toMatchObject({
      savedIn: 'local',
      message: 'Database error detected. Your survey has been saved as an emergency backup. Please refresh the page to recover your data.',
    });
    // The backup it speaks of exists: the pending copy, and the emergency copy of the record.
    expect(JSON.parse(localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]')).toEqual([expect.objectContaining({ id: created.survey.id, surveyTitle: 'Night run' })]);
    expect((await stores.surveys.get(created.survey.id))?.surveyTitle).toBe('Night run');
  }, 10_000);

  it("…and when no backup could be kept, it does not claim one: 'Failed to save survey to database'", async () => {
    failDatabaseWrites();
    vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
      throw new DOMException('no room', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(createSurvey(form('Night run'), NO_FIX, at(0))).rejects.toMatchObject({ message: 'Failed to save survey to database' });
  }, 10_000);

  it("a survey that cannot be read: 'Failed to load survey'", async () => {
    const first = await createSurvey(form('First'), NO_FIX, at(0));
    await createSurvey(form('Second'), NO_FIX, at(10));
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => {
      throw new DOMException('The backing store is gone', 'UnknownError');
    });
    await expect(loadSurvey(first.survey.id)).rejects.toMatchObject({ message: 'Failed to load survey' });
  });

  it('a measurement the store lost comes back from the local ring at startup, with its survey', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    const saved = await addMeasurement(survey, input(2), NO_FIX, at(5));
    // The store's data is gone (cleared site data, or Chromium discarding a backing store it
    // judged corrupt after a crash: surveys and all); the ring survived.
    loseTheStore();
    expect(await restoreLocalCopies()).toBe(3); // the survey, its START and the measurement
    expect((await listMeasurements(survey.id)).map((m) => m.id)).toContain(saved.measurement.id);
    // The workspace finds it again: the active survey, with both measurements.
    expect(await stores.surveys.activeOverview(50)).toMatchObject({ survey: { id: survey.id, surveyTitle: 'S', active: true }, count: 2 });
  });

  it('the ring holds a measurement before the database write begins (its copy is taken during the write delay)', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    const ringAtWrite: number[][] = [];
    const original = IDBDatabase.prototype.transaction;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const names = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
      if (this.name === 'clearway' && args[1] === 'readwrite' && names.includes('measurements')) {
        ringAtWrite.push(ringPoiNumbers());
      }
      return original.apply(this, args);
    });
    await addMeasurement(survey, input(7), NO_FIX, at(5));
    expect(ringAtWrite).toHaveLength(1);
    expect(ringAtWrite[0]).toContain(7);
  });

  it('a measurement stored nowhere leaves the ring again: a later start does not put back what was reported as failed', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    failDatabaseWrites('all');
    // The emergency copies are refused too (a full disk); the ring itself still takes writes.
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key.startsWith(EMERGENCY_KEY)) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    await expect(addMeasurement(survey, input(7), NO_FIX, at(5))).rejects.toMatchObject({ code: 'critical' });
    expect(ringPoiNumbers()).not.toContain(7);
  });

  it('an edit stored nowhere leaves the ring with the version the store still holds', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    const { measurement } = await addMeasurement(survey, input(7), NO_FIX, at(5));
    failDatabaseWrites('all');
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key.startsWith(EMERGENCY_KEY)) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    await expect(updateMeasurement({ ...measurement, rel: 9.9 })).rejects.toMatchObject({ code: 'critical' });
    const ring = JSON.parse(localStorage.getItem(RECENT_MEASUREMENTS_KEY) ?? '[]') as { id: string; rel: number }[];
    expect(ring.find((m) => m.id === measurement.id)?.rel).toBe(measurement.rel);
  });

  it('a survey put back from the ring is not made active over the one the surveyor works on', async () => {
    const { survey: old } = await createSurvey(form('Old'), NO_FIX, at(0));
    await addMeasurement(old, input(2), NO_FIX, at(5));
    loseTheStore();
    // Work goes on in a new survey before the next start; the ring holds both.
    const { survey: current } = await createSurvey(form('Current'), NO_FIX, at(60));
    expect(await restoreLocalCopies()).toBe(3); // 'Old', its START and its measurement
    expect((await findActiveSurvey())?.id).toBe(current.id);
    expect((await stores.surveys.get(old.id))).toMatchObject({ surveyTitle: 'Old', active: false });
  });

  it('a cleared survey does not come back from the ring, even when the store is lost after', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    await addMeasurement(survey, input(2), NO_FIX, at(5));
    await clearSurvey(survey.id);
    expect(JSON.parse(localStorage.getItem(RECENT_MEASUREMENTS_KEY) ?? '[]')).toEqual([]);
    loseTheStore();
    expect(await restoreLocalCopies()).toBe(0);
    expect(await stores.surveys.get(survey.id)).toBeUndefined();
    expect(await listMeasurements(survey.id)).toEqual([]);
  });

  it('two surveys lost: the one with the newest measurement comes back active, whatever the copies say', async () => {
    const { survey: a } = await createSurvey(form('A'), NO_FIX, at(0));
    await addMeasurement(a, input(2), NO_FIX, at(5));
    const { survey: b } = await createSurvey(form('B'), NO_FIX, at(60));
    await addMeasurement(b, input(2), NO_FIX, at(65));
    // The copy of A still says active: it was taken while A was.
    expect(JSON.parse(localStorage.getItem(RECENT_SURVEYS_KEY) ?? '[]')).toContainEqual(expect.objectContaining({ id: a.id, active: true }));
    loseTheStore();
    expect(await restoreLocalCopies()).toBe(6); // 2 surveys, 2 STARTs, 2 measurements
    expect((await findActiveSurvey())?.id).toBe(b.id);
    expect(await stores.surveys.get(a.id)).toMatchObject({ surveyTitle: 'A', active: false });
  });

  it('in emergency mode nothing is put back (every record would look lost there): the copies wait for the database', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    await addMeasurement(survey, input(2), NO_FIX, at(5));
    const ring = localStorage.getItem(RECENT_MEASUREMENTS_KEY);
    resetStorageForTests();
    vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
      throw new DOMException('IndexedDB is not allowed here', 'SecurityError');
    });
    expect(await restoreLocalCopies()).toBe(0);
    expect(localStorage.getItem(RECENT_MEASUREMENTS_KEY)).toBe(ring);
  });
});
