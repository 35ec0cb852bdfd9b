// The clearance workflow from the core (issue 15): a measurement judged against the load
// (margin = clearance − load height − buffer; Pass / Tight / Fail), figures in the chosen
// units (clearances rounded down, load heights up), the rangefinder's `$PLTIT` stream, the
// Bluetooth laser payloads and the comparison with a previous survey.
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
  kind: 'vertical' | 'distance' | 'height' | 'threeShotHeight' | 'angle' | 'missingLine' | 'id' | 'rejected';
  metres?: number;
  weak: boolean;
  /** A height for a clearance (the core's rule): the form takes it; anything else is only shown. */
  fillsHeight: boolean;
  message?: string;
}

export interface RangefinderParser {
  push(bytes: Uint8Array): RangefinderEvent[];
  threeShotProgress(): number;
  free(): void;
}

/** A POI of the previous survey, as the core keeps it for comparing (issue 15 point 6). */
export interface PreviousPoi {
  label: string;
  poiType: string;
  latitude: number;
  longitude: number;
  clearanceM: number;
}

/** A measurement against its match in the previous survey; the wording is the core's. */
export interface PreviousComparison {
  measurementId: string;
  previousLabel: string;
  distanceM: number;
  previousClearanceM: number;
  clearanceM: number;
  changeM: number;
  change: 'lower' | 'higher' | 'unchanged';
  wording: string;
}

/** Which Bluetooth laser characteristic a notification came from. */
export type LaserSource = 'disto-distance' | 'disto-unit' | 'glm';

/** The GATT identifiers of the DISTO and GLM and the GLM's autosync command (the core's). */
export interface LaserGatt {
  distoService: string;
  distoDistance: string;
  distoUnit: string;
  glmService: string;
  glmCharacteristic: string;
  glmAutosync: number[];
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
  /** The comparable POIs of a backup, JSON export or SPEC CSV; throws an Error saying what is wrong. */
  readPreviousSurvey(bytes: Uint8Array): PreviousPoi[];
  compareWithPrevious(measurements: readonly Partial<Measurement>[], previous: readonly PreviousPoi[]): PreviousComparison[];
  /** Metres, or null for a frame that is not a measurement; throws an Error for a payload refused. */
  decodeLaser(source: LaserSource, bytes: Uint8Array): number | null;
  laserGatt(): LaserGatt;
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
      readPreviousSurvey: (bytes) => core.readPreviousSurvey(bytes) as PreviousPoi[],
      compareWithPrevious: (ms, previous) => core.compareWithPrevious(ms, previous) as PreviousComparison[],
      decodeLaser: (source, bytes) => core.decodeLaserNotification(source, bytes) ?? null,
      laserGatt: () => core.laserGatt() as LaserGatt,
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
