// The load profile typed on the New survey form (issue 15 point 1: 'entered at creation or
// later'): the same figures and checks as the load profile panel, read from the display
// units to metres and checked by the core (its messages), or nothing when none was typed.
import type { ClearanceCore, Units } from '../../core/clearance';
import type { LoadProfile } from '../../model';
import { parseFigure } from './useClearance';

export type LoadAtCreationKey = 'heightM' | 'widthM' | 'lengthM' | 'bufferM';

/** The form's load fields, in their order, with the panel's labels. */
export const LOAD_AT_CREATION_FIELDS: readonly (readonly [LoadAtCreationKey, string])[] = [
  ['heightM', 'Load height'],
  ['widthM', 'Load width'],
  ['lengthM', 'Load length'],
  ['bufferM', 'Buffer'],
];

/** What a length that does not read as one says, in the display units. */
export const lengthError = (label: string, units: Units): string => `${label}: enter ${units === 'metric' ? 'metres' : 'feet and inches (15\' 6")'}.`;

export type LoadAtCreation = { load: LoadProfile | undefined } | { error: string };

/** The typed figures as a load profile (the core fills the defaults), or what is wrong. */
export function loadAtCreation(core: ClearanceCore | null, typed: Partial<Record<LoadAtCreationKey, string>>, units: Units): LoadAtCreation {
  const given = LOAD_AT_CREATION_FIELDS.filter(([key]) => (typed[key] ?? '').trim() !== '');
  if (given.length === 0) return { load: undefined };
  if (!core) return { error: 'The load profile cannot be checked yet: try again in a moment.' };
  const next: Partial<LoadProfile> = {};
  for (const [key, label] of given) {
    const metres = parseFigure(core, typed[key] ?? '', units);
    if (metres === null) return { error: lengthError(label, units) };
    next[key] = metres;
  }
  try {
    return { load: core.normaliseLoadProfile(next) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
