// The survey and measurement records as the app stores them (SPEC §3), and the pure rules
// that build them: mirrored aliases kept in step, defaults, the START measurement, POI
// identifiers. No storage here (surveyService.ts does that).

/** SPEC §3 Survey. Unknown fields from other versions are kept as they came. */
export interface Survey {
  id: string;
  createdAt: string;
  active: boolean;
  lastAutoSaved: string | null;
  surveyTitle: string;
  name: string;
  surveyorName: string;
  surveyor: string;
  clientName: string;
  customerName: string;
  projectNumber: string;
  originAddress: string;
  destinationAddress: string;
  description: string;
  notes: string;
  enableVehicleTrace: boolean;
  enableAlertLog: boolean;
  outputFiles: string[];
  cloudUploadStatus: 'synced' | null;
  checklistCompleted: boolean;
  [field: string]: unknown;
}

/** SPEC §3 Measurement. The survey id is held in `user_id`. */
export interface Measurement {
  id: string;
  user_id: string;
  rel: number;
  altGPS: number | null;
  latitude: number | null;
  longitude: number | null;
  utcDate: string;
  utcTime: string;
  speed: number | null;
  heading: number | null;
  roadNumber: string;
  poiNumber: number;
  poi_type: string;
  note: string;
  source: 'manual' | 'slaveApp';
  widthMeasure: number | null;
  lengthMeasure: number | null;
  createdAt: string;
  imageUrl?: string | null;
  videoUrl?: string | null;
  drawingUrl?: string | null;
  [field: string]: unknown;
}

/** What the new-survey form collects. */
export interface SurveyForm {
  surveyTitle: string;
  surveyorName: string;
  clientName: string;
  projectNumber: string;
  originAddress: string;
  destinationAddress: string;
  description: string;
  notes: string;
  enableVehicleTrace: boolean;
  enableAlertLog: boolean;
}

export const EMPTY_SURVEY_FORM: SurveyForm = {
  surveyTitle: '',
  surveyorName: '',
  clientName: '',
  projectNumber: '',
  originAddress: '',
  destinationAddress: '',
  description: '',
  notes: '',
  enableVehicleTrace: true,
  enableAlertLog: true,
};

/** SPEC §3 / §9: the default output files. */
export const DEFAULT_OUTPUT_FILES = ['CSV', 'JSON', 'GeoJSON'];

/** The POI type of the survey's first measurement (SPEC §3, §4). */
export const START_POI_TYPE = 'START';
export const START_NOTE = 'SURVEY START';

/** A new random id (RFC 4122 v4 where the browser offers it). */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Sets each mirrored pair (SPEC §3) from whichever name holds a value, the first winning. */
export function withMirroredAliases<T extends Partial<Survey>>(survey: T): T {
  const pick = (a: unknown, b: unknown) => (typeof a === 'string' && a.trim() ? a : typeof b === 'string' ? b : '');
  const title = pick(survey.surveyTitle, survey.name);
  const surveyor = pick(survey.surveyorName, survey.surveyor);
  const client = pick(survey.clientName, survey.customerName);
  return {
    ...survey,
    surveyTitle: title,
    name: title,
    surveyorName: surveyor,
    surveyor,
    clientName: client,
    customerName: client,
  };
}

/** A new, active survey from the form (validated separately by the core). */
export function buildSurvey(form: SurveyForm, now: Date, id = newId()): Survey {
  const trimmed = (value: string) => value.trim();
  return withMirroredAliases({
    id,
    createdAt: now.toISOString(),
    active: true,
    lastAutoSaved: null,
    surveyTitle: trimmed(form.surveyTitle),
    surveyorName: trimmed(form.surveyorName),
    clientName: trimmed(form.clientName),
    projectNumber: trimmed(form.projectNumber),
    originAddress: trimmed(form.originAddress),
    destinationAddress: trimmed(form.destinationAddress),
    description: form.description,
    notes: form.notes,
    enableVehicleTrace: form.enableVehicleTrace,
    enableAlertLog: form.enableAlertLog,
    outputFiles: [...DEFAULT_OUTPUT_FILES],
    cloudUploadStatus: null,
    checklistCompleted: false,
  } as Survey);
}

/** Where and when a measurement is taken, from the GPS state (nulls where unknown). */
export interface Fix {
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  speed: number | null;
  course: number | null;
  /** The receiver's UTC time: 'YYYY-MM-DD hh:mm:ss.sss' or 'hh:mm:ss.sss'. */
  time: string | null;
}

export const NO_FIX: Fix = { latitude: null, longitude: null, altitude: null, speed: null, course: null, time: null };

/** The fix of a GPS state (the GPS feature's `GpsState` has these fields and more). */
export function fixOf(gps: Fix): Fix {
  return { latitude: gps.latitude, longitude: gps.longitude, altitude: gps.altitude, speed: gps.speed, course: gps.course, time: gps.time };
}

/** UTC date and time of a measurement: the receiver's when it gave them, else the clock's. */
export function utcDateTime(fix: Fix, now: Date): { utcDate: string; utcTime: string } {
  const iso = now.toISOString();
  const clock = { utcDate: iso.slice(0, 10), utcTime: iso.slice(11, 19) };
  const match = fix.time?.match(/^(?:(\d{4}-\d{2}-\d{2}) )?(\d{2}:\d{2}:\d{2})/);
  if (!match) return clock;
  return { utcDate: match[1] ?? clock.utcDate, utcTime: match[2] ?? clock.utcTime };
}

/** What the capture form collects. */
export interface MeasurementInput {
  rel: number;
  roadNumber: string;
  poiNumber: number;
  poiType: string;
  note: string;
  widthMeasure: number | null;
  lengthMeasure: number | null;
}

export function buildMeasurement(surveyId: string, input: MeasurementInput, fix: Fix, now: Date, id = newId()): Measurement {
  return {
    id,
    user_id: surveyId,
    rel: input.rel,
    altGPS: fix.altitude,
    latitude: fix.latitude,
    longitude: fix.longitude,
    ...utcDateTime(fix, now),
    speed: fix.speed,
    heading: fix.course,
    roadNumber: input.roadNumber,
    poiNumber: input.poiNumber,
    poi_type: input.poiType,
    note: input.note,
    source: 'manual',
    widthMeasure: input.widthMeasure,
    lengthMeasure: input.lengthMeasure,
    createdAt: now.toISOString(),
  };
}

/** SPEC §4: the survey's first measurement: START, 'SURVEY START', road 1, POI 1, height 0. */
export function startMeasurement(surveyId: string, fix: Fix, now: Date): Measurement {
  return buildMeasurement(
    surveyId,
    { rel: 0, roadNumber: '1', poiNumber: 1, poiType: START_POI_TYPE, note: START_NOTE, widthMeasure: null, lengthMeasure: null },
    fix,
    now,
  );
}

/** SPEC §9 POI identifier: R{3-digit}-POI{5-digit}; road R000 when it has no number. */
export function poiIdentifier(roadNumber: string, poiNumber: number): string {
  const road = /^\d+$/.test(roadNumber.trim()) ? roadNumber.trim().padStart(3, '0') : '000';
  return `R${road}-POI${String(Math.max(0, Math.trunc(poiNumber))).padStart(5, '0')}`;
}

/** The POI number after the survey's highest: POI numbers auto-increment. */
export function nextPoiNumber(measurements: readonly Pick<Measurement, 'poiNumber'>[]): number {
  let highest = 0;
  for (const m of measurements) if (Number.isFinite(m.poiNumber) && m.poiNumber > highest) highest = m.poiNumber;
  return highest + 1;
}
