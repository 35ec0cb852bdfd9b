// Auto-save (SPEC §4): 5 s after a survey is created, then on schedule, unless disabled.
// It saves the survey with lastAutoSaved, writes an export (a zip with images, or the CSV
// when images are off) into the local store as the survey's latest auto-save, emits
// `autosave-complete` and records the time; on failure it keeps an emergency copy of the
// survey.
import { exportArchive } from '../../core/exporter';
import { getItem, keepPendingSurvey, saveItem, type StoredItem } from '../../services/storage';
import { mediaOf, readSurveyRecords } from '../export/exportSurvey';
import type { Survey } from './records';
import { runningCsv, updateSurvey } from './surveyService';

/** SPEC §9: the first auto-save runs this long after creation. */
export const AUTOSAVE_DELAY_MS = 5000;
export const AUTOSAVE_EVENT = 'autosave-complete';

export interface AutosaveOptions {
  includeImages: boolean;
}

export interface AutosaveResult {
  survey: Survey;
  savedAt: string;
  format: 'zip' | 'csv';
  bytes: number;
}

/** The store id of a survey's latest auto-save export. */
export const autosaveId = (surveyId: string) => `autosave|${surveyId}`;

export async function runAutosave(survey: Survey, options: AutosaveOptions, now = new Date()): Promise<AutosaveResult> {
  const savedAt = now.toISOString();
  const saved = { ...survey, lastAutoSaved: savedAt };
  try {
    await updateSurvey(saved);
    let blob: Blob;
    let format: 'zip' | 'csv';
    if (options.includeImages) {
      const records = await readSurveyRecords(saved);
      ({ blob } = await exportArchive(records, 'zip', mediaOf(records.measurements)));
      format = 'zip';
    } else {
      blob = new Blob([await runningCsv(saved.id)], { type: 'text/csv;charset=utf-8' });
      format = 'csv';
    }
    await saveItem('csv-data', { id: autosaveId(saved.id), surveyId: saved.id, format, blob, savedAt });
    const result = { survey: saved, savedAt, format, bytes: blob.size };
    window.dispatchEvent(new CustomEvent(AUTOSAVE_EVENT, { detail: result }));
    return result;
  } catch (error) {
    keepPendingSurvey(saved as unknown as StoredItem);
    throw error;
  }
}

/** The survey's latest auto-save export, if any. */
export async function latestAutosave(surveyId: string): Promise<{ blob: Blob; format: string; savedAt: string } | null> {
  const item = await getItem('csv-data', autosaveId(surveyId));
  if (!item || !(item.blob instanceof Blob)) return null;
  return { blob: item.blob, format: String(item.format), savedAt: String(item.savedAt) };
}
