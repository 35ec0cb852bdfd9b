// Exporting a survey (SPEC §4, §8 export toasts, §9 formats): records and media read from
// the local store, written by the core in a worker, saved as a download.
import { exportArchive, exportDocument, type MediaItem, type MediaKind, type SurveyRecordSet } from '../../core/exporter';
import { getByIndex, getItem } from '../../services/storage';
import { saveDownload } from '../../ui/download';
import { toast } from '../../ui/toast';
import type { Alert, Route, VehicleTracePoint } from '../../model';
import type { Measurement, Survey } from '../survey/records';
import { listMeasurements } from '../survey/surveyService';

/** What the Export action offers, in its order. */
export const EXPORT_CHOICES = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'geojson', label: 'GeoJSON' },
  { format: 'gpx', label: 'GPX' },
  { format: 'kml', label: 'KML' },
  { format: 'zip', label: 'Zip with media' },
  { format: 'backup', label: 'Survey backup (for the clearway CLI)' },
] as const;

export type ExportFormat = (typeof EXPORT_CHOICES)[number]['format'];

const isExportFormat = (value: string): value is ExportFormat => EXPORT_CHOICES.some((choice) => choice.format === value);

/** The SPEC §8 toasts for each kind of export. */
const TOASTS = {
  csv: { ok: 'CSV exported successfully', failed: 'Failed to export CSV' },
  geojson: { ok: 'GeoJSON exported successfully', failed: 'Failed to export GeoJSON' },
  document: { failed: 'Failed to export survey' },
  zip: { preparing: 'Preparing export with media files...', ok: 'Export with media completed', failed: 'Failed to export with media' },
  backup: { ok: 'Complete survey export finished', failed: 'Failed to export complete survey' },
} as const;

export const NO_ACTIVE_SURVEY = 'No active survey to export';

const EXTENSIONS: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  geojson: 'geojson',
  gpx: 'gpx',
  kml: 'kml',
  zip: 'zip',
  backup: 'clearway-backup.zip',
};

/** `{title}_{yyyy-mm-dd}.{ext}`, the title reduced to safe file-name characters. */
export function exportFileName(survey: Pick<Survey, 'surveyTitle'>, format: ExportFormat, now = new Date()): string {
  const title = (survey.surveyTitle || 'survey').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^_+|_+$/g, '') || 'survey';
  return `${title}_${now.toISOString().slice(0, 10)}.${EXTENSIONS[format]}`;
}

/** The survey's records from the local store. */
export async function readSurveyRecords(survey: Survey): Promise<SurveyRecordSet & { measurements: Measurement[] }> {
  const [measurements, routes, traces, alerts] = await Promise.all([
    listMeasurements(survey.id),
    getByIndex('routes', 'by-survey', survey.id),
    getByIndex('vehicleTraces', 'by-survey', survey.id),
    getByIndex('alerts', 'by-survey', survey.id),
  ]);
  // The store's records are untyped until its typed schema lands (issue 10 point 3).
  return { survey, measurements: measurements.reverse(), routes: routes as unknown as Route[], traces: traces as unknown as VehicleTracePoint[], alerts: alerts as unknown as Alert[] };
}

/** Where a measurement's media live: `videoBlobs:{id}` in the store, or a fetchable URL. */
async function readMedium(url: string): Promise<Blob | null> {
  const stored = /^videoBlobs:(.+)$/.exec(url);
  if (stored) {
    const item = await getItem('videoBlobs', stored[1] ?? '');
    return item?.blob instanceof Blob ? item.blob : null;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return response.blob();
}

export function mediaOf(measurements: readonly Measurement[]): MediaItem[] {
  const items: MediaItem[] = [];
  const fields: [MediaKind, keyof Measurement][] = [
    ['image', 'imageUrl'],
    ['video', 'videoUrl'],
    ['drawing', 'drawingUrl'],
  ];
  for (const m of measurements) {
    for (const [kind, field] of fields) {
      const url = m[field];
      if (typeof url === 'string' && url) items.push({ measurementId: m.id, kind, read: () => readMedium(url) });
    }
  }
  return items;
}

export interface ExportProgress {
  label: string;
  done: number;
  total: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Exports the active survey in `format` and saves the file, with the SPEC toasts.
 * Resolves to the file name, or null when nothing was exported.
 */
export async function exportSurvey(survey: Survey | null, format: string, onProgress?: (progress: ExportProgress) => void): Promise<string | null> {
  if (!survey) {
    toast({ title: NO_ACTIVE_SURVEY, variant: 'destructive' });
    return null;
  }
  if (!isExportFormat(format)) {
    toast({ title: `Unsupported export format: ${format}`, variant: 'destructive' });
    return null;
  }
  const name = exportFileName(survey, format);
  const failed = format === 'csv' || format === 'geojson' || format === 'zip' || format === 'backup' ? TOASTS[format].failed : TOASTS.document.failed;
  try {
    onProgress?.({ label: 'Reading the survey', done: 0, total: 1 });
    const records = await readSurveyRecords(survey);
    if (format === 'zip' || format === 'backup') {
      if (format === 'zip') toast({ title: TOASTS.zip.preparing });
      const media = mediaOf(records.measurements);
      const { blob, skipped } = await exportArchive(records, format, media, ({ done, total }) =>
        onProgress?.({ label: 'Adding media files', done, total }),
      );
      saveDownload(blob, name);
      const description = skipped === 0 ? undefined : skipped === 1 ? '1 media file could not be read and was skipped' : `${skipped} media files could not be read and were skipped`;
      toast({ title: TOASTS[format].ok, description });
      return name;
    }
    onProgress?.({ label: `Writing ${format.toUpperCase()}`, done: 0, total: 1 });
    const { blob, count } = await exportDocument(records, format);
    saveDownload(blob, name);
    if (format === 'csv') toast({ title: TOASTS.csv.ok });
    else if (format === 'geojson') toast({ title: TOASTS.geojson.ok, description: `${count} measurement${count === 1 ? '' : 's'} exported` });
    else toast({ title: `Survey exported as ${format.toUpperCase()}` });
    return name;
  } catch (error) {
    console.error(`Export (${format}) failed:`, error);
    toast({ title: failed, description: errorText(error), variant: 'destructive' });
    return null;
  }
}
