// The survey lifecycle and measurements on the local store (SPEC §4 "Survey active flag",
// "Survey creation side effects", "Adding a measurement"; §8 database errors).
//
// Nothing acknowledged is lost: a new survey has an emergency copy in localStorage until it
// is read back from the store; a measurement counts as saved only when the store says so
// (its transaction complete, with its running-CSV row, or its emergency copy written), and
// the most recent measurements are also kept in a small localStorage ring that is replayed
// at startup.
import { SurveyRuleError, csvHeader, csvRows, validateNewSurvey } from '../../core/survey';
import type { Measurement, Survey } from '../../model';
import {
  forgetMeasurement,
  forgetPendingSurvey,
  initStorage,
  keepPendingSurvey,
  pendingSurveys,
  recentMeasurements,
  recentSurveys,
  rememberMeasurement,
  requestPersistence,
  stores,
  type SaveOutcome,
} from '../../services/storage';
import { buildMeasurement, buildSurvey, startMeasurement, type Fix, type MeasurementInput, type SurveyForm } from './records';

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

/** Every survey, newest first. */
export const listSurveys = (): Promise<Survey[]> => stores.surveys.list();

/** The survey marked active (the newest if several are), or null. */
export async function findActiveSurvey(): Promise<Survey | null> {
  return (await listSurveys()).find((survey) => survey.active === true) ?? null;
}

/** Marks every active survey but `keepId` inactive. */
async function deactivateOthers(keepId: string | null): Promise<void> {
  const others = (await listSurveys()).filter((survey) => survey.active && survey.id !== keepId);
  if (others.length > 0) await stores.surveys.saveMany(others.map((survey) => ({ ...survey, active: false })));
}

/** The survey's running CSV (SPEC §4): the core's header and a row per measurement, oldest first. */
export async function runningCsv(surveyId: string): Promise<string> {
  const [header, rows] = await Promise.all([csvHeader(), stores.csvRows.of(surveyId)]);
  return header + rows.join('');
}

export interface CreatedSurvey {
  survey: Survey;
  /** Where the survey record went; 'local' carries the SPEC database-error message. */
  saved: SaveOutcome;
  start: Measurement;
}

/**
 * Saves a measurement with its running-CSV row (one transaction). The measurement may still
 * be being built: the core builds it and its row during the SPEC's write delay, and the
 * local ring takes its copy as soon as it is built, so the copy exists before the database
 * write and the surveyor's wait does not include it. Stored nowhere (the save throws), it
 * leaves the ring again (an edit leaves the version it replaced): the ring never puts back
 * what the surveyor was told failed.
 */
async function saveWithRow(building: Measurement | Promise<Measurement>, survey?: Survey, fresh = false): Promise<SavedMeasurement> {
  // An edit replaces the ring's copy of the measurement: kept, to go back if the edit fails.
  let previous: Measurement | undefined;
  const measurement = Promise.resolve(building).then((m) => {
    previous = recentMeasurements().find((r) => r.id === m.id);
    rememberMeasurement(m, survey);
    return m;
  });
  try {
    const outcome = await stores.measurements.save(
      measurement,
      measurement.then((m) => csvRows([m])),
      { fresh },
    );
    return { measurement: await measurement, outcome };
  } catch (error) {
    const kept = await measurement.catch(() => null);
    if (kept && previous) rememberMeasurement(previous, survey);
    else if (kept) forgetMeasurement(kept.id);
    throw error;
  }
}

/**
 * Creates a survey (SPEC §4): validated by the core, made active (the previous active one
 * deactivated), kept as an emergency copy until read back, its START measurement written
 * with the first row of its running CSV. Asks the browser to keep the data (persistent
 * storage). Throws SurveyRuleError with the SPEC validation message; 'Database error
 * detected. …' only when the emergency copy exists, else 'Failed to save survey to database'.
 */
export async function createSurvey(form: SurveyForm, fix: Fix, now = new Date()): Promise<CreatedSurvey> {
  const survey = await buildSurvey(form, now);
  await validateNewSurvey(survey);
  const copyKept = keepPendingSurvey(survey);
  const start = await startMeasurement(survey.id, fix, now);
  const startRow = await csvRows([start]);
  let saved: SaveOutcome;
  try {
    await deactivateOthers(survey.id);
    // The survey and its START in one transaction: the workspace (which shows the new active
    // survey as soon as it is stored) never shows it without its START.
    saved = await stores.surveys.createWithStart(survey, start, startRow);
  } catch (cause) {
    if (copyKept) throw new SurveyError('database-error', SURVEY_MESSAGES.databaseError, { cause });
    throw new SurveyError('save-failed', SURVEY_MESSAGES.saveFailed, { cause });
  }
  if (saved.savedIn === 'local') saved = { ...saved, message: SURVEY_MESSAGES.databaseError };
  else if (await stores.surveys.get(survey.id)) forgetPendingSurvey(survey.id);
  rememberMeasurement(start, survey);
  void requestPersistence();
  return { survey, saved, start };
}

/** Saves the survey record (e.g. with lastAutoSaved). Throws 'Failed to save survey to database'. */
export async function updateSurvey(survey: Survey): Promise<SaveOutcome> {
  try {
    return await stores.surveys.save(survey);
  } catch (cause) {
    throw new SurveyError('save-failed', SURVEY_MESSAGES.saveFailed, { cause });
  }
}

/** Makes a previous survey the active one (SPEC §4). */
export async function loadSurvey(id: string): Promise<Survey> {
  let survey: Survey | undefined;
  try {
    survey = await stores.surveys.get(id);
  } catch (cause) {
    throw new SurveyError('load-failed', SURVEY_MESSAGES.loadFailed, { cause });
  }
  if (!survey) throw new SurveyError('not-found', SURVEY_MESSAGES.notFound);
  try {
    await deactivateOthers(id);
    const active = { ...survey, active: true };
    await stores.surveys.save(active);
    return active;
  } catch (cause) {
    throw new SurveyError('load-failed', SURVEY_MESSAGES.loadFailed, { cause });
  }
}

/** Clears a survey (SPEC §4): deactivates it and deletes all its measurements (and their rows and media). */
export async function clearSurvey(id: string): Promise<void> {
  const survey = await stores.surveys.get(id);
  if (!survey) throw new SurveyError('not-found', SURVEY_MESSAGES.notFound);
  // The measurements go first: the workspace shows 'No active survey' on the survey's write,
  // so by then nothing of it is left to come back (a reload in between finds the survey
  // still active, and clearing it again finishes the job).
  for (const m of recentMeasurements()) if (m.user_id === id) forgetMeasurement(m.id);
  await stores.measurements.removeAllOf(id);
  await stores.surveys.save({ ...survey, active: false });
}

export interface SavedMeasurement {
  measurement: Measurement;
  outcome: SaveOutcome;
}

/**
 * Adds a measurement to the survey (SPEC §4): written after the 50 ms delay with the §8
 * retry and emergency policy, together with its running-CSV row, backed up locally; the
 * store raises the database-change signal. Throws StorageError 'Critical error: …' when
 * nothing could keep it.
 */
export async function addMeasurement(survey: Survey | null, input: MeasurementInput, fix: Fix, now = new Date()): Promise<SavedMeasurement> {
  if (!survey) throw new SurveyError('no-active-survey', SURVEY_MESSAGES.noActive);
  // The data layer's whole save, for the survey-scale benchmark (the write delay is marked inside).
  performance.mark?.('clearway:save-start');
  // The core builds the record while the SPEC's 50 ms delay runs: saveMeasurement arms the
  // delay in this task, the build starts in the microtask after it, so the surveyor waits for
  // the delay and the write, not for the build before them. A new id: its first write
  // records no revision (idbStore.ts).
  const building = Promise.resolve().then(() => buildMeasurement(survey.id, input, fix, now));
  const saved = await saveWithRow(building, survey, true);
  performance.mark?.('clearway:save-stored');
  return saved;
}

/** Saves an edited measurement (same policy as adding) with its rewritten running-CSV row. */
export const updateMeasurement = async (measurement: Measurement): Promise<SaveOutcome> => (await saveWithRow(measurement)).outcome;

/** Deletes a measurement with its running-CSV row and its media. */
export async function deleteMeasurement(measurement: Measurement): Promise<void> {
  await stores.measurements.remove(measurement);
  forgetMeasurement(measurement.id);
}

/**
 * At startup: surveys whose save was never verified, and recent measurements the store
 * lost, are written back, with the surveys those measurements belong to (a store the
 * browser discarded as corrupt lost them too). Only into the database itself: in emergency
 * mode every record would look lost, and copies written then would come back over newer
 * records when the database returns; the copies wait for the next start instead. A survey
 * put back is active only if it owns the newest measurement of the ring and no other survey
 * is active (the copies' own flag may be stale). Returns how many records were restored.
 */
export async function restoreLocalCopies(): Promise<number> {
  if ((await initStorage()) !== 'indexeddb') return 0;
  let restored = 0;
  for (const survey of pendingSurveys()) {
    if (!(await stores.surveys.get(survey.id))) {
      const outcome = await stores.surveys.save(survey);
      restored += 1;
      if (outcome.savedIn === 'indexeddb') forgetPendingSurvey(survey.id);
    } else {
      forgetPendingSurvey(survey.id);
    }
  }
  const recent = recentMeasurements();
  const owners = new Set(recent.map((m) => m.user_id));
  const newestOwner = recent.at(-1)?.user_id;
  for (const survey of recentSurveys()) {
    if (!owners.has(survey.id) || (await stores.surveys.get(survey.id))) continue;
    const active = survey.id === newestOwner && (await findActiveSurvey()) === null;
    await stores.surveys.save({ ...survey, active });
    restored += 1;
  }
  for (const m of recent) {
    if (!(await stores.measurements.get(m.id))) {
      await stores.measurements.save(m, csvRows([m]));
      restored += 1;
    }
  }
  return restored;
}
