// Survey rules and formats from the core: creation validation (SPEC §5), the POI table
// (SPEC §3) and the running CSV's header and rows (SPEC §9). Small calls on the main thread:
// one record at a time, never bulk data (bulk exports run in export.worker.ts).
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
export async function validateNewSurvey(survey: object): Promise<void> {
  const core = await loadCore();
  try {
    core.validateNewSurvey(JSON.stringify(survey));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && RULE_CODES.includes(code)) {
      throw new SurveyRuleError(code as SurveyRuleCode, (error as Error).message);
    }
    throw error;
  }
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
export async function csvRows(measurements: readonly object[]): Promise<string> {
  return (await loadCore()).csvRows(JSON.stringify(measurements));
}
