// The survey lifecycle rules (SPEC §4) on the local store. jsdom has no IndexedDB, so the
// store runs on its emergency localStorage mode here; Chromium's IndexedDB is covered by
// tests/e2e/survey.spec.ts. The core's rules (wasm) are covered by its own tests; here it
// stands in as "valid", and the CSV rows as one line per measurement.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreFromDisk } from '../../core/coreForTests';
import type * as CoreSurvey from '../../core/survey';
import { resetStorageForTests } from '../../services/storage/storageService';
import { RECENT_MEASUREMENTS_KEY } from '../../services/storage/localCopies';
import { EMPTY_SURVEY_FORM, NO_FIX } from './records';
import {
  addMeasurement,
  clearSurvey,
  createSurvey,
  findActiveSurvey,
  listMeasurements,
  listSurveys,
  loadSurvey,
  restoreLocalCopies,
  runningCsv,
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

beforeAll(loadCoreFromDisk);
beforeEach(() => resetStorageForTests());
afterEach(() => resetStorageForTests());

describe('the survey lifecycle (SPEC §4)', () => {
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
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(updateSurvey({ ...survey, lastAutoSaved: at(9).toISOString() })).rejects.toMatchObject({
      message: 'Failed to save survey to database',
    });
    vi.restoreAllMocks();
  });

  it('a measurement the store lost comes back from the local ring at startup', async () => {
    const { survey } = await createSurvey(form('S'), NO_FIX, at(0));
    const saved = await addMeasurement(survey, input(2), NO_FIX, at(5));
    const ring = localStorage.getItem(RECENT_MEASUREMENTS_KEY);
    localStorage.clear(); // the store's data is gone (cleared site data, a corrupt profile)
    localStorage.setItem(RECENT_MEASUREMENTS_KEY, ring ?? '[]');
    resetStorageForTests();
    expect(await restoreLocalCopies()).toBe(2); // the START and the measurement
    expect((await listMeasurements(survey.id)).map((m) => m.id)).toContain(saved.measurement.id);
  });
});
