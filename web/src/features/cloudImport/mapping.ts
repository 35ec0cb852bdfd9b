// What 'Import from cloud' (SPEC §4, §5, §7, §8) makes of cloud documents: a survey
// document becomes a local survey, inactive and synced; a `pois` document (SPEC §7's fields)
// and a `measurements` document (what this app's upload wrote, survey id in `user_id`) become
// local measurements. `planImport` decides what is new: nothing already on the device is
// written again, and a POI and a measurement with the same id are one record. Pure: no
// storage, no SDK (importFromCloud.ts reads and writes).
import type { Measurement, Survey } from '../../model';

export type CloudDoc = Record<string, unknown> & { id: string };

/** SPEC §9: the default output files of a synced survey. */
export const DEFAULT_OUTPUT_FILES = ['CSV', 'JSON', 'GeoJSON'];

/** Fields only the cloud copy has meaning for: not kept on the device. */
const CLOUD_ONLY = new Set(['ownerId']);

/** A Firestore value as plain JSON: timestamps become ISO 8601 strings. */
export function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const maybe = value as { toDate?: () => Date };
  if (typeof maybe.toDate === 'function') return maybe.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v);
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};
const firstStr = (...values: unknown[]): string => values.map(str).find((v) => v !== undefined) ?? '';

function withoutCloudOnly(doc: CloudDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(plain(doc) as Record<string, unknown>)) if (!CLOUD_ONLY.has(k) && v !== undefined) out[k] = v;
  return out;
}

/** A cloud survey as a local one: SPEC §4 "imported surveys arrive inactive, with status synced". */
export function toLocalSurvey(doc: CloudDoc): Survey {
  const data = withoutCloudOnly(doc);
  const title = firstStr(data.surveyTitle, data.name);
  const surveyor = firstStr(data.surveyorName, data.surveyor);
  const client = firstStr(data.clientName, data.customerName);
  return {
    ...data,
    id: doc.id,
    surveyTitle: title,
    name: title,
    surveyorName: surveyor,
    surveyor,
    clientName: client,
    customerName: client,
    enableVehicleTrace: typeof data.enableVehicleTrace === 'boolean' ? data.enableVehicleTrace : true,
    enableAlertLog: typeof data.enableAlertLog === 'boolean' ? data.enableAlertLog : true,
    outputFiles: Array.isArray(data.outputFiles) ? data.outputFiles.map(String) : [...DEFAULT_OUTPUT_FILES],
    checklistCompleted: data.checklistCompleted === true,
    active: false,
    cloudUploadStatus: 'synced',
  } as Survey;
}

/** A measurement this app uploaded (SPEC §7: by id, survey id in `user_id`) as a local one. */
export function measurementFromCloud(doc: CloudDoc, surveyId: string): Measurement {
  const data = withoutCloudOnly(doc);
  return {
    ...data,
    id: doc.id,
    user_id: surveyId,
    source: firstStr(data.source) || 'manual',
    cloudUploadStatus: 'synced',
  } as Measurement;
}

/**
 * A `pois` document as a local measurement. SPEC §7's fields read: height, altitude, latitude,
 * longitude, date, time, speed, heading, roadNumber, poiNumber, poiType, note, imageUrl,
 * createdAt — mapped to the measurement's rel, altGPS, latitude, longitude, utcDate, utcTime,
 * speed, heading, roadNumber, poiNumber, poi_type, note, imageUrl, createdAt.
 */
export function poiToMeasurement(doc: CloudDoc, surveyId: string): Measurement {
  const d = plain(doc) as Record<string, unknown>;
  const m: Record<string, unknown> = {
    id: doc.id,
    user_id: surveyId,
    source: 'manual',
    cloudUploadStatus: 'synced',
    rel: num(d.height),
    altGPS: num(d.altitude),
    latitude: num(d.latitude),
    longitude: num(d.longitude),
    utcDate: str(d.date),
    utcTime: str(d.time),
    speed: num(d.speed),
    heading: num(d.heading),
    roadNumber: str(d.roadNumber),
    poiNumber: num(d.poiNumber),
    poi_type: str(d.poiType),
    note: str(d.note),
    imageUrl: str(d.imageUrl),
    createdAt: str(d.createdAt),
  };
  return Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as Measurement;
}

/** One cloud survey with its children, as read. */
export interface CloudSurvey {
  survey: CloudDoc;
  pois: CloudDoc[];
  measurements: CloudDoc[];
}

/** What an import writes: each new survey with its new measurements. */
export interface ImportPlan {
  surveys: { survey: Survey; measurements: Measurement[] }[];
  /** How many POIs (measurements) the import adds. */
  newPois: number;
}

/**
 * What is new: surveys whose id the device does not hold, and of their POIs and measurements
 * those whose id the device does not hold. A measurement and a POI with the same id are one
 * record (the measurement, what this app uploaded, wins); an id seen twice is taken once.
 * A survey already on the device is left as it is: the device is the source of truth.
 * A record without a text `createdAt` gets its survey's (else `now`): the local store lists a
 * survey's measurements by [survey, createdAt], and one without it would never be shown.
 */
export function planImport(
  cloud: readonly CloudSurvey[],
  localSurveyIds: ReadonlySet<string>,
  localMeasurementIds: ReadonlySet<string>,
  now: string = new Date().toISOString(),
): ImportPlan {
  const taken = new Set(localMeasurementIds);
  const seenSurveys = new Set(localSurveyIds);
  const surveys: ImportPlan['surveys'] = [];
  let newPois = 0;
  for (const entry of cloud) {
    const id = entry.survey.id;
    if (seenSurveys.has(id)) continue;
    seenSurveys.add(id);
    const survey = toLocalSurvey(entry.survey);
    const when = typeof survey.createdAt === 'string' && survey.createdAt !== '' ? survey.createdAt : now;
    const measurements: Measurement[] = [];
    const add = (m: Measurement) => {
      if (taken.has(m.id)) return;
      taken.add(m.id);
      measurements.push(typeof m.createdAt === 'string' && m.createdAt !== '' ? m : { ...m, createdAt: when });
    };
    for (const doc of entry.measurements) add(measurementFromCloud(doc, id));
    for (const doc of entry.pois) add(poiToMeasurement(doc, id));
    newPois += measurements.length;
    surveys.push({ survey, measurements });
  }
  return { surveys, newPois };
}

/** The description of 'Import completed successfully' (SPEC §8: the numbers of new surveys and POIs). */
export function importSummary(plan: ImportPlan): string {
  const n = plan.surveys.length;
  const p = plan.newPois;
  return `${n} new ${n === 1 ? 'survey' : 'surveys'} and ${p} new ${p === 1 ? 'POI' : 'POIs'} imported.`;
}
