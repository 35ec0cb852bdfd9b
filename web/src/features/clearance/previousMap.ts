// The previous-survey comparison for the map (issue 15 point 6), kept out of the map's data
// path (being rewritten elsewhere) so the lead can wire it in two lines:
//
//   1. each measurement feature gets the property `previousChange` ('lower' | 'higher' |
//      'unchanged', absent when unmatched): `withPreviousChange(features, changeOf)` with
//      `changeOf` from `usePreviousChangeOf(surveyId)`;
//   2. `previousChangeHalo(source)` is added below the measurement symbols: a ring, red
//      where the clearance is lower than before, green where higher (the list and the
//      details say it in words; the ring is a second cue, never the only one).
import { useMemo } from 'react';
import type { PreviousComparison } from '../../core/clearance';
import type { Measurement } from '../../model';
import { usePreviousSurvey } from './previousSurvey';
import { useClearanceCore } from './useClearance';

export const PREVIOUS_CHANGE_PROPERTY = 'previousChange';

export type PreviousChange = PreviousComparison['change'];

/** A function telling a measurement's change against the previous survey, or null without one. */
export function usePreviousChangeOf(surveyId: string | null | undefined): ((m: Partial<Measurement>) => PreviousChange | null) | null {
  const core = useClearanceCore();
  const previous = usePreviousSurvey(surveyId);
  return useMemo(() => {
    if (!core || !previous) return null;
    return (m) => core.compareWithPrevious([m], previous.pois)[0]?.change ?? null;
  }, [core, previous]);
}

interface MeasurementFeature {
  properties: { mid: string } & Record<string, unknown>;
}

/** The features with `previousChange` set where the measurement matched (by `mid`). */
export function withPreviousChange<F extends MeasurementFeature>(
  features: readonly F[],
  measurements: ReadonlyMap<string, Partial<Measurement>>,
  changeOf: ((m: Partial<Measurement>) => PreviousChange | null) | null,
): F[] {
  if (!changeOf) return [...features];
  return features.map((f) => {
    const m = measurements.get(f.properties.mid);
    const change = m ? changeOf(m) : null;
    return change ? { ...f, properties: { ...f.properties, [PREVIOUS_CHANGE_PROPERTY]: change } } : f;
  });
}

/** The ring drawn under a measurement whose clearance changed (a MapLibre circle layer). */
export function previousChangeHalo(source: string) {
  return {
    id: 'cw-measurements-previous-change',
    type: 'circle' as const,
    source,
    filter: ['all', ['!', ['has', 'point_count']], ['has', PREVIOUS_CHANGE_PROPERTY], ['!=', ['get', PREVIOUS_CHANGE_PROPERTY], 'unchanged']],
    paint: {
      'circle-radius': 16,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-width': 3,
      'circle-stroke-color': ['match', ['get', PREVIOUS_CHANGE_PROPERTY], 'lower', '#b91c1c', 'higher', '#15803d', '#6b7280'],
    },
  };
}
