// Two small safety nets in localStorage, beside the store itself (docs/local-store.md):
//
// - pending surveys: a new survey is copied here before it is written, and the copy is
//   removed once the survey was read back from the store (SPEC §4 "An emergency copy is
//   kept in local storage until the survey is verified as saved");
// - recent measurements: the last RECENT_KEPT measurements saved, a ring replayed at
//   startup so that a store that lost them (cleared, corrupted) gets them back (SPEC §4
//   "It is backed up locally"), with the surveys they belong to (a store Chromium
//   discarded as corrupt has lost those too).
//
// Every access is guarded: localStorage may be full or disabled, and a safety net that
// fails must never fail the save it protects.
import type { Measurement, Survey } from '../../model';

type WithId = { id: string };

export const PENDING_SURVEYS_KEY = 'clearway:pending-surveys';
export const RECENT_MEASUREMENTS_KEY = 'clearway:recent-measurements';
/** Measurements kept in the ring. */
export const RECENT_KEPT = 20;

function read<T extends WithId>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]).filter((item) => item && typeof item === 'object' && typeof item.id === 'string') : [];
  } catch {
    return [];
  }
}

function write(key: string, items: readonly WithId[]): boolean {
  try {
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(items));
    return true;
  } catch (error) {
    console.warn(`Local copy "${key}" not written:`, error);
    return false;
  }
}

/** Keeps an emergency copy of a survey being created; false when localStorage refused it. */
export function keepPendingSurvey(survey: Survey): boolean {
  return write(PENDING_SURVEYS_KEY, [...read<Survey>(PENDING_SURVEYS_KEY).filter((s) => s.id !== survey.id), survey]);
}

export function forgetPendingSurvey(id: string): void {
  const items = read<Survey>(PENDING_SURVEYS_KEY);
  if (items.some((s) => s.id === id)) write(PENDING_SURVEYS_KEY, items.filter((s) => s.id !== id));
}

export function pendingSurveys(): Survey[] {
  return read<Survey>(PENDING_SURVEYS_KEY);
}

export const RECENT_SURVEYS_KEY = 'clearway:recent-surveys';

/**
 * Adds (or refreshes) a measurement in the ring of the most recent ones, and its survey
 * (when given) beside it; a survey no kept measurement belongs to any more is dropped.
 */
export function rememberMeasurement(measurement: Measurement, survey?: Survey): void {
  const items = read<Measurement>(RECENT_MEASUREMENTS_KEY).filter((m) => m.id !== measurement.id);
  items.push(measurement);
  const kept = items.slice(-RECENT_KEPT);
  // A ring localStorage refused is the ring as it was: its surveys stay as they were too.
  if (!write(RECENT_MEASUREMENTS_KEY, kept)) return;
  const surveys = read<Survey>(RECENT_SURVEYS_KEY);
  const owners = new Set(kept.map((m) => m.user_id));
  const stale = surveys.some((s) => !owners.has(s.id));
  const known = survey === undefined || surveys.some((s) => s.id === survey.id && JSON.stringify(s) === JSON.stringify(survey));
  if (!stale && known) return;
  const next = surveys.filter((s) => owners.has(s.id) && s.id !== survey?.id);
  write(RECENT_SURVEYS_KEY, survey && owners.has(survey.id) ? [...next, survey] : next);
}

/**
 * The surveys the ring's measurements belong to, as they were when last saved into (their
 * `active` flag may be stale: the survey of the ring's newest measurement is the one in use).
 */
export function recentSurveys(): Survey[] {
  return read<Survey>(RECENT_SURVEYS_KEY);
}

/** Drops a measurement from the ring (it was deleted on purpose). */
export function forgetMeasurement(id: string): void {
  const items = read<Measurement>(RECENT_MEASUREMENTS_KEY);
  if (items.some((m) => m.id === id)) write(RECENT_MEASUREMENTS_KEY, items.filter((m) => m.id !== id));
}

export function recentMeasurements(): Measurement[] {
  return read<Measurement>(RECENT_MEASUREMENTS_KEY);
}
