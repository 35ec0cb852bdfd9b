// Auto-save (SPEC §4): 5 s after a survey is created, then on schedule, unless disabled.
// It writes an export (a zip with images, or the CSV when images are off) into the local
// store as the survey's latest auto-save, then saves the survey with lastAutoSaved (after
// the export, so the time shown always names a stored auto-save), emits `autosave-complete`
// and records the time; on failure it keeps an emergency copy of the survey. The export goes to IndexedDB only, never to emergency storage (which belongs to
// measurements): when the disk is full it drops the older auto-saves of other surveys first.
import type { Survey } from '../../model';
import { keepPendingSurvey, stores } from '../../services/storage';
import { exportArchive } from '../../core/exporter';
import { mediaOf, readSurveyRecords } from '../export';
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

export async function runAutosave(survey: Survey, options: AutosaveOptions, now = new Date()): Promise<AutosaveResult> {
  const savedAt = now.toISOString();
  const saved = { ...survey, lastAutoSaved: savedAt };
  try {
    // The export first: the survey records lastAutoSaved (which the workspace shows as 'Last
    // auto-save') only once the auto-save it names is stored.
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
    await stores.autosaves.save({ id: saved.id, format, blob, savedAt });
    await updateSurvey(saved);
    const result = { survey: saved, savedAt, format, bytes: blob.size };
    window.dispatchEvent(new CustomEvent(AUTOSAVE_EVENT, { detail: result }));
    return result;
  } catch (error) {
    keepPendingSurvey(saved);
    throw error;
  }
}

/** The survey's latest auto-save export, if any. */
export async function latestAutosave(surveyId: string): Promise<{ blob: Blob; format: string; savedAt: string } | null> {
  const item = await stores.autosaves.get(surveyId);
  return item ? { blob: item.blob, format: item.format, savedAt: item.savedAt } : null;
}
