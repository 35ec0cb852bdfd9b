// What a photo's stamp says (issue 14 points 2 and 5): one line per overlay switch that is
// on (SPEC §3 overlayOptions), with the overlay fields of settings in place of the survey's
// own values when they are filled in, and the EXIF fields of the same photo. Pure: the
// worker draws the lines; vitest checks them.
import type { Measurement, Survey } from '../../model';
import type { OverlayFields, OverlayOptions } from '../settings';

/** The measurement a photo belongs to, as the stamp and the EXIF need it. */
export interface StampSubject {
  measurement: Measurement;
  survey: Pick<Survey, 'surveyTitle' | 'projectNumber' | 'surveyorName'>;
  /** The POI identifier the list shows (R001-POI00002). */
  poiId: string;
  /** The POI type's label (Bridge). */
  poiTypeLabel: string;
}

/** The EXIF the photo carries (written with piexifjs in the worker). */
export interface ExifInput {
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  heading: number | null;
  /** 'YYYY:MM:DD HH:MM:SS', UTC. */
  dateTime: string;
  description: string;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** 'YYYY-MM-DD' + 'hh:mm:ss' of the measurement (its UTC date and time), else `now`. */
function utcOf(m: Measurement, now: Date): { date: string; time: string } {
  const iso = now.toISOString();
  const date = typeof m.utcDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(m.utcDate) ? m.utcDate : iso.slice(0, 10);
  const time = typeof m.utcTime === 'string' && /^\d{2}:\d{2}:\d{2}/.test(m.utcTime) ? m.utcTime.slice(0, 8) : iso.slice(11, 19);
  return { date, time };
}

/** The stamp's lines, top to bottom; empty when the overlay is off. */
export function stampLines(subject: StampSubject, options: OverlayOptions, fields: OverlayFields, now = new Date()): string[] {
  if (!options.enabled) return [];
  const m = subject.measurement;
  const lines: string[] = [];
  const pick = (own: string, override: string) => (override.trim() ? override.trim() : own.trim());
  if (options.showPOI) lines.push(subject.poiTypeLabel ? `${subject.poiId} · ${subject.poiTypeLabel}` : subject.poiId);
  const lat = num(m.latitude);
  const lon = num(m.longitude);
  if (options.showGPS) lines.push(lat !== null && lon !== null ? `Lat ${lat.toFixed(6)}, Lon ${lon.toFixed(6)}` : 'No GPS position');
  const rel = num(m.rel);
  if (options.showHeight && rel !== null) lines.push(`Height ${rel.toFixed(3)} m`);
  // Width and length ride along whenever they were measured (point 5).
  const width = num(m.widthMeasure);
  const length = num(m.lengthMeasure);
  const sizes = [width !== null ? `Width ${width.toFixed(3)} m` : '', length !== null ? `Length ${length.toFixed(3)} m` : ''].filter(Boolean);
  if (sizes.length) lines.push(sizes.join(' · '));
  const heading = num(m.heading);
  if (options.showHeading && heading !== null) lines.push(`Heading ${heading.toFixed(1)}°`);
  if (options.showDateTime) {
    const { date, time } = utcOf(m, now);
    lines.push(`${date} ${time} UTC`);
  }
  const title = pick(subject.survey.surveyTitle ?? '', fields.surveyTitle);
  if (options.showSurveyTitle && title) lines.push(title);
  const project = pick(subject.survey.projectNumber ?? '', fields.projectNumber);
  if (options.showProjectNumber && project) lines.push(`Project ${project}`);
  const surveyor = pick(subject.survey.surveyorName ?? '', fields.surveyorName);
  if (options.showSurveyorName && surveyor) lines.push(`Surveyor ${surveyor}`);
  if (options.showText && fields.poiNotes.trim()) lines.push(fields.poiNotes.trim());
  if (options.showPOINotes && typeof m.note === 'string' && m.note.trim()) lines.push(m.note.trim());
  return lines;
}

/** The EXIF of the photo: position, altitude, direction, time and a one-line description. */
export function exifOf(subject: StampSubject, now = new Date()): ExifInput {
  const m = subject.measurement;
  const { date, time } = utcOf(m, now);
  const rel = num(m.rel);
  const parts = [subject.poiId, subject.poiTypeLabel, rel !== null ? `height ${rel.toFixed(3)} m` : '', subject.survey.surveyTitle ?? ''];
  return {
    latitude: num(m.latitude),
    longitude: num(m.longitude),
    altitude: num(m.altGPS),
    heading: num(m.heading),
    dateTime: `${date.replaceAll('-', ':')} ${time}`,
    description: parts.filter(Boolean).join(' · '),
  };
}
