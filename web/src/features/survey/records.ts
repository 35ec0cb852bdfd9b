// The survey and measurement records (SPEC §3) and how the app builds new ones. The record
// types are the core's (web/src/model, generated from crates/core/src/survey); the rules
// that make a record (mirrored aliases, defaults, the START measurement, the POI
// identifier) are the core's too, called through web/src/core. What stays here is the
// app's side: the forms' shapes, the GPS fix, ids, the next POI number. No storage here
// (surveyService.ts does that).
import { newMeasurement, newSurvey, startMeasurement as coreStartMeasurement } from '../../core/survey';
import type { LoadProfile, Measurement, NewMeasurement, Survey } from '../../model';

export type { Measurement, Survey } from '../../model';

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
  /** The load profile typed at creation (issue 15), if any: kept on the new survey. */
  loadProfile?: LoadProfile;
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

/** A new random id (RFC 4122 v4 where the browser offers it). */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A new, active survey from the form, built by the core (aliases, trims, SPEC defaults). */
export async function buildSurvey(form: SurveyForm, now: Date, id = newId()): Promise<Survey> {
  const { loadProfile, ...fields } = form;
  const survey = await newSurvey({ ...fields, id, createdAt: now.toISOString() });
  return loadProfile ? { ...survey, loadProfile } : survey;
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
  /** Readings per lane and a wire's temperature and time (issue 15), when recorded. */
  clearance?: Pick<Measurement, 'readings' | 'wireTempC' | 'wireTime'>;
  /** The laser's height above the road added to a laser reading (metres), when one was. */
  groundRef?: number | null;
}

/** What the core needs for a new measurement: the form's values, the fix, id and times. */
function newMeasurementInput(surveyId: string, input: MeasurementInput, fix: Fix, now: Date, id: string): NewMeasurement {
  return {
    id,
    surveyId,
    createdAt: now.toISOString(),
    ...utcDateTime(fix, now),
    rel: input.rel,
    roadNumber: input.roadNumber,
    poiNumber: input.poiNumber,
    poiType: input.poiType,
    note: input.note,
    widthMeasure: input.widthMeasure,
    lengthMeasure: input.lengthMeasure,
    latitude: fix.latitude,
    longitude: fix.longitude,
    altitude: fix.altitude,
    speed: fix.speed,
    course: fix.course,
  };
}

/** A new measurement, built by the core (source manual; what the GPS does not know left out). */
export async function buildMeasurement(surveyId: string, input: MeasurementInput, fix: Fix, now: Date, id = newId()): Promise<Measurement> {
  const measurement = await newMeasurement(newMeasurementInput(surveyId, input, fix, now, id));
  const { readings, wireTempC, wireTime } = input.clearance ?? {};
  return {
    ...measurement,
    ...(readings && readings.length > 0 ? { readings } : {}),
    ...(wireTempC !== undefined ? { wireTempC } : {}),
    ...(wireTime ? { wireTime } : {}),
    ...(typeof input.groundRef === 'number' ? { groundRef: input.groundRef } : {}),
  };
}

const START_FORM: MeasurementInput = { rel: 0, roadNumber: '', poiNumber: 0, poiType: '', note: '', widthMeasure: null, lengthMeasure: null };

/** SPEC §4: the survey's first measurement, by the core: START, 'SURVEY START', road 1, POI 1, height 0. */
export function startMeasurement(surveyId: string, fix: Fix, now: Date, id = newId()): Promise<Measurement> {
  return coreStartMeasurement(newMeasurementInput(surveyId, START_FORM, fix, now, id));
}

/** The POI number after the survey's highest: POI numbers auto-increment. */
export function nextPoiNumber(measurements: readonly Pick<Measurement, 'poiNumber'>[]): number {
  let highest = 0;
  for (const m of measurements) if (typeof m.poiNumber === 'number' && m.poiNumber > highest) highest = m.poiNumber;
  return highest + 1;
}
