// The survey lifecycle and measurements on the local store (SPEC §4 "Survey active flag",
// "Survey creation side effects", "Adding a measurement"; §8 database errors).
//
// Nothing acknowledged is lost: a new survey has an emergency copy in localStorage until it
// is read back from the store; a measurement counts as saved only when the store says so
// (IndexedDB transaction complete, or the emergency copy written), and the most recent
// measurements are also kept in a small localStorage ring that is replayed at startup.
import { SurveyRuleError, csvHeader, csvRows, validateNewSurvey } from '../../core/survey';
import {
  deleteByIdPrefix,
  deleteByIndex,
  deleteItem,
  forgetMeasurement,
  forgetPendingSurvey,
  getAllItems,
  getByIdPrefix,
  getByIndex,
  getItem,
  keepPendingSurvey,
  pendingSurveys,
  recentMeasurements,
  rememberMeasurement,
  saveItem,
  saveMeasurement,
  type SaveOutcome,
  type StoredItem,
} from '../../services/storage';
import { buildMeasurement, buildSurvey, startMeasurement, type Fix, type Measurement, type MeasurementInput, type Survey, type SurveyForm } from './records';

/** SPEC §8 survey messages, word for word. */
export const SURVEY_MESSAGES = {
  noActive: 'No active survey',
  notFound: 'Survey not found',
  loadFailed: 'Failed to load survey',
  saveFailed: 'Failed to save survey to database',
  databaseError:
    'Database error detected. Your survey has been saved as an emergency backup. Please refresh the page to recover your data.',
} as const;

export type SurveyErrorCode = 'no-active-survey' | 'not-found' | 'load-failed' | 'save-failed' | 'database-error';

export class SurveyError extends Error {
  readonly code: SurveyErrorCode;

  constructor(code: SurveyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SurveyError';
    this.code = code;
  }
}

export { SurveyRuleError };

const asSurvey = (item: StoredItem) => item as unknown as Survey;
const asMeasurement = (item: StoredItem) => item as unknown as Measurement;
const stored = (record: Survey | Measurement) => record as unknown as StoredItem;

/** Every survey, newest first. */
export async function listSurveys(): Promise<Survey[]> {
  const surveys = (await getAllItems('surveys')).map(asSurvey);
  return surveys.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
}

/** The survey marked active (the newest if several are), or null. */
export async function findActiveSurvey(): Promise<Survey | null> {
  return (await listSurveys()).find((survey) => survey.active === true) ?? null;
}

/** Marks every active survey but `keepId` inactive. */
async function deactivateOthers(keepId: string | null): Promise<void> {
  for (const survey of await listSurveys()) {
    if (survey.active && survey.id !== keepId) await saveItem('surveys', stored({ ...survey, active: false }));
  }
}

/** The id prefix of a survey's running-CSV records (header first, then a row each). */
const csvPrefix = (surveyId: string) => `${surveyId}|`;
const csvRowId = (m: Measurement) => `${csvPrefix(m.user_id)}${m.createdAt}|${m.id}`;

async function startRunningCsv(surveyId: string): Promise<void> {
  await saveItem('csv-data', { id: csvPrefix(surveyId), surveyId, text: await csvHeader() });
}

async function appendToRunningCsv(m: Measurement): Promise<void> {
  await saveItem('csv-data', { id: csvRowId(m), surveyId: m.user_id, text: await csvRows([m]) });
}

/** The survey's running CSV: its header and a row per measurement, oldest first. */
export async function runningCsv(surveyId: string): Promise<string> {
  const parts = await getByIdPrefix('csv-data', csvPrefix(surveyId));
  return parts.map((part) => String(part.text ?? '')).join('');
}

export interface CreatedSurvey {
  survey: Survey;
  /** Where the survey record went; 'local' carries the SPEC database-error message. */
  saved: SaveOutcome;
  start: Measurement;
}

/**
 * Creates a survey (SPEC §4): validated by the core, made active (the previous active one
 * deactivated), kept as an emergency copy until read back, its START measurement written,
 * its running CSV started. Throws SurveyRuleError with the SPEC validation message.
 */
export async function createSurvey(form: SurveyForm, fix: Fix, now = new Date()): Promise<CreatedSurvey> {
  const survey = await buildSurvey(form, now);
  await validateNewSurvey(survey);
  keepPendingSurvey(stored(survey));
  let saved: SaveOutcome;
  try {
    await deactivateOthers(survey.id);
    saved = await saveItem('surveys', stored(survey));
  } catch (cause) {
    throw new SurveyError('database-error', SURVEY_MESSAGES.databaseError, { cause });
  }
  if (saved.savedIn === 'local') saved = { savedIn: 'local', message: SURVEY_MESSAGES.databaseError };
  else if (await getItem('surveys', survey.id)) forgetPendingSurvey(survey.id);
  const start = await startMeasurement(survey.id, fix, now);
  await saveMeasurementDurably(start);
  await startRunningCsv(survey.id);
  await appendToRunningCsv(start);
  return { survey, saved, start };
}

/** Saves the survey record (e.g. with lastAutoSaved). Throws 'Failed to save survey to database'. */
export async function updateSurvey(survey: Survey): Promise<SaveOutcome> {
  try {
    return await saveItem('surveys', stored(survey));
  } catch (cause) {
    throw new SurveyError('save-failed', SURVEY_MESSAGES.saveFailed, { cause });
  }
}

/** Makes a previous survey the active one (SPEC §4). */
export async function loadSurvey(id: string): Promise<Survey> {
  let survey: Survey | undefined;
  try {
    const item = await getItem('surveys', id);
    survey = item && asSurvey(item);
  } catch (cause) {
    throw new SurveyError('load-failed', SURVEY_MESSAGES.loadFailed, { cause });
  }
  if (!survey) throw new SurveyError('not-found', SURVEY_MESSAGES.notFound);
  try {
    await deactivateOthers(id);
    const active = { ...survey, active: true };
    await saveItem('surveys', stored(active));
    return active;
  } catch (cause) {
    throw new SurveyError('load-failed', SURVEY_MESSAGES.loadFailed, { cause });
  }
}

/** Clears a survey (SPEC §4): deactivates it and deletes all its measurements. */
export async function clearSurvey(id: string): Promise<void> {
  const item = await getItem('surveys', id);
  if (!item) throw new SurveyError('not-found', SURVEY_MESSAGES.notFound);
  await saveItem('surveys', { ...item, active: false });
  for (const m of recentMeasurements()) if (m.user_id === id) forgetMeasurement(m.id);
  await deleteByIndex('measurements', 'by-survey', id);
  await deleteByIdPrefix('csv-data', csvPrefix(id));
  await startRunningCsv(id);
}

/** A survey's measurements, newest first. */
export async function listMeasurements(surveyId: string): Promise<Measurement[]> {
  const items = (await getByIndex('measurements', 'by-survey', surveyId)).map(asMeasurement);
  return items.sort((a, b) => (String(a.createdAt) < String(b.createdAt) ? 1 : String(a.createdAt) > String(b.createdAt) ? -1 : 0));
}

/** The store's save policy, plus the local ring of recent measurements. */
async function saveMeasurementDurably(m: Measurement): Promise<SaveOutcome> {
  const outcome = await saveMeasurement(stored(m));
  rememberMeasurement(stored(m));
  return outcome;
}

export interface SavedMeasurement {
  measurement: Measurement;
  outcome: SaveOutcome;
}

/**
 * Adds a measurement to the survey (SPEC §4): written after the 50 ms delay with the §8
 * retry and emergency policy, backed up locally, appended to the running CSV; the store
 * raises the database-change signal. Throws StorageError 'Critical error: …' when nothing
 * could keep it.
 */
export async function addMeasurement(survey: Survey | null, input: MeasurementInput, fix: Fix, now = new Date()): Promise<SavedMeasurement> {
  if (!survey) throw new SurveyError('no-active-survey', SURVEY_MESSAGES.noActive);
  const measurement = await buildMeasurement(survey.id, input, fix, now);
  const outcome = await saveMeasurementDurably(measurement);
  try {
    await appendToRunningCsv(measurement);
  } catch (error) {
    // The measurement itself is safe; the running CSV is rebuilt from the store on export.
    console.warn('Running CSV: row not appended:', error);
  }
  return { measurement, outcome };
}

/** Saves an edited measurement (same policy as adding) and its running-CSV row. */
export async function updateMeasurement(measurement: Measurement): Promise<SaveOutcome> {
  const outcome = await saveMeasurementDurably(measurement);
  try {
    await appendToRunningCsv(measurement);
  } catch (error) {
    console.warn('Running CSV: row not updated:', error);
  }
  return outcome;
}

export async function deleteMeasurement(measurement: Measurement): Promise<void> {
  await deleteItem('measurements', measurement.id);
  forgetMeasurement(measurement.id);
  await deleteItem('csv-data', csvRowId(measurement));
}

/**
 * At startup: surveys whose save was never verified, and recent measurements the store
 * lost, are written back. Returns how many records were restored.
 */
export async function restoreLocalCopies(): Promise<number> {
  let restored = 0;
  for (const survey of pendingSurveys().map(asSurvey)) {
    const existing = await getItem('surveys', survey.id);
    if (!existing) {
      const outcome = await saveItem('surveys', stored(survey));
      restored += 1;
      if (outcome.savedIn === 'indexeddb') forgetPendingSurvey(survey.id);
    } else {
      forgetPendingSurvey(survey.id);
    }
  }
  for (const m of recentMeasurements()) {
    if (!(await getItem('measurements', m.id))) {
      await saveItem('measurements', m);
      restored += 1;
    }
  }
  return restored;
}
