// Survey rules and formats from the core, on typed records (web/src/model): creation
// validation (SPEC §5), new records with the SPEC defaults and mirrored aliases (§3, §4),
// the POI identifier (§9), the POI table (§3) and the running CSV's header and rows (§9).
// Small calls on the main thread, one record at a time, crossing as objects, never JSON
// text; bulk data goes as columns in export.worker.ts.
import type { Measurement, NewMeasurement, NewSurvey, Survey } from '../model';
import { loadCore } from './index';

/** The SPEC §5 survey-creation errors, by the core's stable code. */
export type SurveyRuleCode = 'survey-title-required' | 'surveyor-name-required' | 'client-name-required';

export class SurveyRuleError extends Error {
  readonly code: SurveyRuleCode;

  constructor(code: SurveyRuleCode, message: string) {
    super(message);
    this.name = 'SurveyRuleError';
    this.code = code;
  }
}

const RULE_CODES: readonly string[] = ['survey-title-required', 'surveyor-name-required', 'client-name-required'];

/** Throws SurveyRuleError with the SPEC message ('Survey title is required', ...). */
export async function validateNewSurvey(survey: Survey): Promise<void> {
  const core = await loadCore();
  try {
    core.validateNewSurvey(survey);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && RULE_CODES.includes(code)) {
      throw new SurveyRuleError(code as SurveyRuleCode, (error as Error).message);
    }
    throw error;
  }
}

/** A new, active survey from the form: names trimmed and mirrored, SPEC defaults. */
export async function newSurvey(form: NewSurvey): Promise<Survey> {
  return (await loadCore()).newSurvey(form) as Survey;
}

/** A new measurement: source manual, what the GPS does not know left out. */
export async function newMeasurement(input: NewMeasurement): Promise<Measurement> {
  return (await loadCore()).newMeasurement(input) as Measurement;
}

/** The survey's first measurement (SPEC §4): START, 'SURVEY START', road 1, POI 1, height 0. */
export async function startMeasurement(input: NewMeasurement): Promise<Measurement> {
  return (await loadCore()).startMeasurement(input) as Measurement;
}

/** A survey as the core writes it: either name of each mirrored pair fills both; defaults. */
export async function normaliseSurvey(survey: Partial<Survey>): Promise<Survey> {
  return (await loadCore()).normaliseSurvey(survey) as Survey;
}

/** The POI identifier rule of the core, callable during a render once loaded. */
export interface PoiNaming {
  /** `R001-POI00002`; `R000` for no road; a road that is not a number as written. */
  identifier(roadNumber: string | number | null | undefined, poiNumber: number | null | undefined): string;
}

let naming: Promise<PoiNaming> | null = null;

/** The core's POI naming, loaded once; its `identifier` is synchronous. */
export function loadPoiNaming(): Promise<PoiNaming> {
  naming ??= loadCore().then(
    (core): PoiNaming => ({
      identifier: (road, poi) =>
        core.poiIdentifier(
          road === null || road === undefined ? undefined : String(road),
          typeof poi === 'number' && Number.isInteger(poi) && poi >= 0 && poi <= 0xffffffff ? poi : undefined,
        ),
    }),
    (error: unknown) => {
      naming = null;
      throw error;
    },
  );
  return naming;
}

/** The POI identifier of a road and POI number (asynchronous form of PoiNaming). */
export async function poiIdentifier(roadNumber: string | number | null | undefined, poiNumber: number | null | undefined): Promise<string> {
  return (await loadPoiNaming()).identifier(roadNumber, poiNumber);
}

export interface PoiTypeInfo {
  /** The stored `poi_type` ('' for none, 'START' for the start measurement). */
  type: string;
  label: string;
  /** #rrggbb */
  colour: string;
  /** The icon's identifier. */
  icon: string;
}

let poiTable: PoiTypeInfo[] | null = null;

/** The POI table, in the SPEC's order, START last. */
export async function poiTypes(): Promise<PoiTypeInfo[]> {
  poiTable ??= JSON.parse((await loadCore()).poiTypes()) as PoiTypeInfo[];
  return poiTable;
}

/** The CSV header row (CRLF-terminated). */
export async function csvHeader(): Promise<string> {
  return (await loadCore()).csvHeader();
}

/** The CSV rows of these measurements, without the header. */
export async function csvRows(measurements: readonly Measurement[]): Promise<string> {
  return (await loadCore()).csvRows(measurements);
}
