// The previous survey the active survey is compared with (issue 15 point 6): the core reads
// the file (backup, JSON export or SPEC CSV) into its comparable POIs, which are kept in the
// `previous_survey` flag (docs/app-shell.md) for one survey at a time; the comparison itself
// (nearest same-type POI within 25 m, 'field lower by 0.12 m') is the core's, recomputed
// as the survey's measurements change.
import { useMemo, useSyncExternalStore } from 'react';
import type { PreviousComparison, PreviousPoi } from '../../core/clearance';
import type { Measurement } from '../../model';
import { readFlag, removeFlag, writeFlag } from '../../services/storage/localFlags';
import { useClearanceCore } from './useClearance';

export interface PreviousSurvey {
  surveyId: string;
  fileName: string;
  importedAt: string;
  pois: PreviousPoi[];
}

function isPoi(value: unknown): value is PreviousPoi {
  const p = value as PreviousPoi;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.label === 'string' &&
    typeof p.poiType === 'string' &&
    [p.latitude, p.longitude, p.clearanceM].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

function parse(text: string | null): PreviousSurvey | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as PreviousSurvey;
    if (typeof value.surveyId !== 'string' || typeof value.fileName !== 'string' || !Array.isArray(value.pois) || !value.pois.every(isPoi)) return null;
    return value;
  } catch {
    return null;
  }
}

let current: PreviousSurvey | null = parse(readFlag('previous_survey'));
const listeners = new Set<() => void>();

function publish(next: PreviousSurvey | null) {
  current = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Keeps `pois` as the previous survey of `surveyId`. Returns false when the browser refused
 * to store it: the comparison then lasts this visit only.
 */
export function keepPreviousSurvey(surveyId: string, fileName: string, pois: PreviousPoi[]): boolean {
  const record: PreviousSurvey = { surveyId, fileName, importedAt: new Date().toISOString(), pois };
  const kept = writeFlag('previous_survey', JSON.stringify(record));
  publish(record);
  return kept;
}

export function forgetPreviousSurvey() {
  removeFlag('previous_survey');
  publish(null);
}

/** The previous survey kept for this survey, or null. */
export function previousSurveyOf(surveyId: string | null | undefined): PreviousSurvey | null {
  return surveyId && current?.surveyId === surveyId ? current : null;
}

export function usePreviousSurvey(surveyId: string | null | undefined): PreviousSurvey | null {
  const record = useSyncExternalStore(subscribe, () => current);
  return surveyId && record?.surveyId === surveyId ? record : null;
}

/**
 * The core's comparison of these measurements with the survey's previous survey, by
 * measurement id (empty without one). The list, the map and the report read it.
 */
export function usePreviousComparison(surveyId: string | null | undefined, measurements: readonly (Partial<Measurement> | undefined)[]): Map<string, PreviousComparison> {
  const core = useClearanceCore();
  const previous = usePreviousSurvey(surveyId);
  return useMemo(() => {
    const byId = new Map<string, PreviousComparison>();
    if (!core || !previous) return byId;
    const present = measurements.filter((m): m is Partial<Measurement> => m !== undefined);
    for (const c of core.compareWithPrevious(present, previous.pois)) byId.set(c.measurementId, c);
    return byId;
  }, [core, previous, measurements]);
}
