// Exporting a survey (SPEC §4, §8 export toasts, §9 formats): records and media read from
// the local store, written by the core in a worker, saved as a download.
import { exportArchive, exportDocument, ExportFeed, exportReport } from '../../core/exporter';
import { previousPoisFor } from '../clearance';
import type { Survey } from '../../model';
import { saveDownload } from '../../ui/download';
import { toast } from '../../ui/toast';
import { MEDIA_READ_AHEAD_BYTES, backfillRunningCsv, mediaOf, readSurveyRecords, runningCsvDocument, type RunningCsv } from './exportRecords';

/** What the Export action offers, in its order. */
export const EXPORT_CHOICES = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'geojson', label: 'GeoJSON' },
  { format: 'gpx', label: 'GPX' },
  { format: 'kml', label: 'KML' },
  { format: 'zip', label: 'Zip with media' },
  { format: 'images', label: 'Survey with images (zip, no videos)' },
  { format: 'backup', label: 'Survey backup (for the clearway CLI)' },
  { format: 'report', label: 'Survey report (PDF)' },
] as const;

export type ExportFormat = (typeof EXPORT_CHOICES)[number]['format'];

const isExportFormat = (value: string): value is ExportFormat => EXPORT_CHOICES.some((choice) => choice.format === value);

/** The SPEC §8 toasts for each kind of export. */
const TOASTS = {
  csv: { ok: 'CSV exported successfully', failed: 'Failed to export CSV' },
  geojson: { ok: 'GeoJSON exported successfully', failed: 'Failed to export GeoJSON' },
  document: { failed: 'Failed to export survey' },
  zip: { preparing: 'Preparing export with media files...', ok: 'Export with media completed', failed: 'Failed to export with media' },
  images: { ok: 'Survey export with images completed', failed: 'Failed to export survey with images' },
  backup: { ok: 'Complete survey export finished', failed: 'Failed to export complete survey' },
  report: { ok: 'Survey report ready', failed: 'Failed to write the survey report' },
} as const;

export const NO_ACTIVE_SURVEY = 'No active survey to export';

const EXTENSIONS: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  geojson: 'geojson',
  gpx: 'gpx',
  kml: 'kml',
  zip: 'zip',
  images: 'images.zip',
  backup: 'clearway-backup.zip',
  report: 'report.pdf',
};

/** `{title}_{yyyy-mm-dd}.{ext}`, the title reduced to safe file-name characters. */
export function exportFileName(survey: Pick<Survey, 'surveyTitle'>, format: ExportFormat, now = new Date()): string {
  const title = (survey.surveyTitle || 'survey').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^_+|_+$/g, '') || 'survey';
  return `${title}_${now.toISOString().slice(0, 10)}.${EXTENSIONS[format]}`;
}

export interface ExportProgress {
  label: string;
  done: number;
  total: number;
}

/** The report's fonts (web/public/fonts: DejaVu Sans Condensed, the CLI's too). */
async function loadReportFonts(): Promise<{ regular: ArrayBuffer; bold: ArrayBuffer }> {
  const get = async (file: string) => {
    const response = await fetch(`${import.meta.env.BASE_URL}fonts/${file}`);
    if (!response.ok) throw new Error(`The report font ${file} could not be loaded (${response.status}).`);
    return response.arrayBuffer();
  };
  const [regular, bold] = await Promise.all([get('DejaVuSansCondensed.ttf'), get('DejaVuSansCondensed-Bold.ttf')]);
  return { regular, bold };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Exports the active survey in `format` and saves the file, with the SPEC toasts.
 * Resolves to the file name, or null when nothing was exported.
 */
export async function exportSurvey(
  survey: Survey | null,
  format: string,
  onProgress?: (progress: ExportProgress) => void,
  options: { units?: 'metric' | 'feetInches' } = {},
): Promise<string | null> {
  if (!survey) {
    toast({ title: NO_ACTIVE_SURVEY, variant: 'destructive' });
    return null;
  }
  if (!isExportFormat(format)) {
    toast({ title: `Unsupported export format: ${format}`, variant: 'destructive' });
    return null;
  }
  const name = exportFileName(survey, format);
  const failed =
    format === 'csv' || format === 'geojson' || format === 'zip' || format === 'images' || format === 'backup' || format === 'report'
      ? TOASTS[format].failed
      : TOASTS.document.failed;
  let running: RunningCsv | null = null;
  let feed: ExportFeed | null = null;
  try {
    onProgress?.({ label: 'Reading the survey', done: 0, total: 1 });
    if (format === 'csv') {
      // The running CSV is the export, written row by row as the survey was recorded (a
      // survey with a load profile, lane readings or wire temperatures goes through the
      // core, which adds the clearance columns: runningCsvDocument has no text).
      running = await runningCsvDocument(survey);
      if (running.text !== null) {
        saveDownload(new Blob([running.text], { type: 'text/csv;charset=utf-8' }), name);
        toast({ title: TOASTS.csv.ok });
        return name;
      }
    }
    const archive = format === 'zip' || format === 'images' || format === 'backup';
    // Every medium goes into a zip or a backup: their bytes are read ahead (not for 'images', which leaves videos out).
    // The measurements go to the export worker as they are read (ExportFeed).
    const sending = new ExportFeed(survey);
    feed = sending;
    const records = await readSurveyRecords(survey, {
      mediaReadAheadBytes: format === 'zip' || format === 'backup' ? MEDIA_READ_AHEAD_BYTES : 0,
      onMeasurements: (part) => sending.add(part),
    });
    if (format === 'report') {
      onProgress?.({ label: 'Loading the report fonts', done: 0, total: 1 });
      const fonts = await loadReportFonts();
      const photos = mediaOf(records.measurements, records.media, ['image']);
      const blob = await exportReport(records, fonts, options.units ?? 'metric', photos, ({ done, total }) =>
        onProgress?.({ label: 'Adding photos', done, total }),
        previousPoisFor(survey.id),
        sending,
      );
      saveDownload(blob, name);
      toast({ title: TOASTS.report.ok });
      return name;
    }
    if (archive) {
      if (format !== 'backup') toast({ title: TOASTS.zip.preparing });
      const media = mediaOf(records.measurements, records.media, format === 'images' ? ['image', 'drawing'] : undefined, records.ahead);
      const { blob, skipped } = await exportArchive(records, format === 'backup' ? 'backup' : 'zip', media, ({ done, total }) =>
        onProgress?.({ label: 'Adding media files', done, total }),
        sending,
      );
      saveDownload(blob, name);
      const description = skipped === 0 ? undefined : skipped === 1 ? '1 media file could not be read and was skipped' : `${skipped} media files could not be read and were skipped`;
      toast({ title: TOASTS[format].ok, description });
      return name;
    }
    onProgress?.({ label: `Writing ${format.toUpperCase()}`, done: 0, total: 1 });
    const { blob, count } = await exportDocument(records, format, sending);
    saveDownload(blob, name);
    if (format === 'csv') toast({ title: TOASTS.csv.ok });
    else if (format === 'geojson') toast({ title: TOASTS.geojson.ok, description: `${count} measurement${count === 1 ? '' : 's'} exported` });
    else toast({ title: `Survey exported as ${format.toUpperCase()}` });
    // The running CSV was not the CSV because rows stored by older versions lack their flags.
    if (running?.text === null && running.unflagged) backfillRunningCsv(survey);
    return name;
  } catch (error) {
    console.error(`Export (${format}) failed:`, error);
    toast({ title: failed, description: errorText(error), variant: 'destructive' });
    return null;
  } finally {
    // Taken by the export, or left when the read failed: its worker ends either way.
    feed?.close();
  }
}
