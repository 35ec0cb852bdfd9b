// The clearance workflow from the core (issue 15): a measurement judged against the load
// (margin = clearance − load height − buffer; Pass / Tight / Fail), figures in the chosen
// units (clearances rounded down, load heights up), and the rangefinder's `$PLTIT` stream.
// Loaded once; then every call is synchronous, so the capture form can judge as it renders.
import type { LoadProfile, Measurement } from '../model';
import { loadCore } from './index';

export type Units = 'metric' | 'feetInches';
export type ClearanceStatus = 'Pass' | 'Tight' | 'Fail';

export interface Assessment {
  clearanceM: number;
  bound: 'measured' | 'atLeast' | 'below';
  method: string | null;
  marginM: number | null;
  status: ClearanceStatus | null;
  sag: { kind: 'notWire' | 'missing' | 'noMoveTemperature' | 'ok' } | { kind: 'flagged'; coolerByC: number };
}

export interface RangefinderEvent {
  kind: 'distance' | 'height' | 'threeShotHeight' | 'angle' | 'missingLine' | 'id' | 'rejected';
  metres?: number;
  weak: boolean;
  message?: string;
}

export interface RangefinderParser {
  push(bytes: Uint8Array): RangefinderEvent[];
  threeShotProgress(): number;
  free(): void;
}

export interface ClearanceCore {
  assess(measurement: Partial<Measurement>, load: LoadProfile | null | undefined): Assessment | null;
  /** The profile with defaults filled; throws an Error with the core's message when a figure is bad. */
  normaliseLoadProfile(load: Partial<LoadProfile>): LoadProfile;
  formatClearance(valueM: number, units: Units): string;
  formatMargin(valueM: number, units: Units): string;
  formatLoadHeight(valueM: number, units: Units): string;
  parseFeetInches(text: string): number | null;
  rangefinder(): RangefinderParser;
}

let loading: Promise<ClearanceCore> | null = null;

/** The core's clearance rules, loaded once. */
export function loadClearanceCore(): Promise<ClearanceCore> {
  loading ??= loadCore().then(
    (core): ClearanceCore => ({
      assess: (m, load) => core.assessMeasurement(m, load ?? null) as Assessment | null,
      normaliseLoadProfile: (load) => core.normaliseLoadProfile(load) as LoadProfile,
      formatClearance: (v, u) => core.formatClearance(v, u),
      formatMargin: (v, u) => core.formatMargin(v, u),
      formatLoadHeight: (v, u) => core.formatLoadHeight(v, u),
      parseFeetInches: (text) => core.parseFeetInches(text) ?? null,
      rangefinder: () => {
        const stream = new core.RangefinderStream();
        return {
          push: (bytes) => stream.push(bytes) as RangefinderEvent[],
          threeShotProgress: () => stream.threeShotProgress(),
          free: () => stream.free(),
        };
      },
    }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
