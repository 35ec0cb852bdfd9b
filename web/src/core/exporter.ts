// Exports by the core, in a worker (export.worker.ts): documents (CSV, JSON, GeoJSON, GPX,
// KML) and archives (the SPEC §9 zip with media, the survey backup the CLI reads). An
// archive is fed one medium at a time and its bytes come back as they are written, so
// memory stays bounded by the largest medium, not by the archive (the result is a Blob
// made of those chunks, which the browser may keep on disk).
import type { Alert, Measurement, Route, Survey, VehicleTracePoint } from '../model';
import type { PreviousPoi } from './clearance';
import type { ArchiveKind, FromExportWorker, MediaKind, RecordsMessage, ToExportWorker } from './exportProtocol';
import { measurementColumns, type MeasurementColumns } from './measurementColumns';

export type { ArchiveKind, DocumentFormat, MediaKind } from './exportProtocol';

export class ExportError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'ExportError';
    this.code = code;
  }
}

/** A survey's records, as the app stores them (the core's record types). */
export interface SurveyRecordSet {
  survey: Survey;
  measurements: readonly Measurement[];
  routes?: readonly Route[];
  traces?: readonly VehicleTracePoint[];
  alerts?: readonly Alert[];
}

/** One medium of a measurement, read from storage only when the archive asks for it. */
export interface MediaItem {
  measurementId: string;
  kind: MediaKind;
  read: () => Promise<Blob | ArrayBuffer | null>;
}

export interface ArchiveProgress {
  done: number;
  total: number;
}

/**
 * Measurements per column batch: one batch is about 11 ms of main-thread work on the
 * loaded 2-core bench machine (107 ms for 100,000, `npm run bench -- csv`), and the page
 * gets a turn between batches.
 */
const COLUMN_BATCH = 10_000;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The records as they cross into the worker. The columns are built here, on the main
 * thread, batch by batch, and their buffers transferred: measured on 100,000 measurements,
 * that costs the page less than posting the objects for the worker to take apart (see
 * docs/record-model.md, "Where the columns are built"). Exported for the tests that stand in
 * for the worker (coreForTests.ts).
 */
export async function toMessage(records: SurveyRecordSet, measurementsOnly = false): Promise<{ message: RecordsMessage; transfer: Transferable[] }> {
  const batches: MeasurementColumns[] = [];
  const transfer: Transferable[] = [];
  const { measurements } = records;
  for (let start = 0; start < measurements.length; start += COLUMN_BATCH) {
    if (start > 0) await yieldToPage();
    const batch = measurementColumns(measurements, start, Math.min(measurements.length, start + COLUMN_BATCH));
    batches.push(batch);
    transfer.push(batch.numbers.buffer, batch.text.buffer, batch.textLengths.buffer);
  }
  const message: RecordsMessage = {
    survey: records.survey,
    measurements: batches,
    routes: measurementsOnly ? [] : (records.routes ?? []),
    traces: measurementsOnly ? [] : (records.traces ?? []),
    alerts: measurementsOnly ? [] : (records.alerts ?? []),
  };
  return { message, transfer };
}

const MIME: Record<string, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
  geojson: 'application/geo+json',
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  zip: 'application/zip',
  backup: 'application/zip',
};

/** A worker conversation: messages in, the next reply out. */
class ExportSession {
  private readonly worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
  private readonly replies: FromExportWorker[] = [];
  private waiting: ((message: FromExportWorker) => void) | null = null;

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<FromExportWorker>) => this.deliver(event.data));
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.deliver({ type: 'error', code: 'load-failed', message: event.message || 'The export worker could not start' });
    });
  }

  private deliver(message: FromExportWorker) {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(message);
    } else {
      this.replies.push(message);
    }
  }

  send(message: ToExportWorker, transfer: Transferable[] = []) {
    this.worker.postMessage(message, transfer);
  }

  async next(): Promise<FromExportWorker> {
    const message = this.replies.shift() ?? (await new Promise<FromExportWorker>((resolve) => (this.waiting = resolve)));
    if (message.type === 'error') throw new ExportError(message.code, message.message);
    return message;
  }

  close() {
    this.worker.terminate();
  }
}

/**
 * A survey's measurements sent to an export worker while the survey is still being read:
 * each part is turned into columns and posted as it comes from the store, and the worker
 * takes it apart meanwhile, so the export starts writing as soon as the read ends instead
 * of first building every batch and then waiting for the worker to decode them (100,000
 * measurements: about 150 ms of columns and 100 ms of decoding, hidden in the read's time).
 * Give it to one export (exportDocument, exportArchive, exportReport), which writes on its
 * worker; `close()` ends it when no export took it (the read failed).
 */
export class ExportFeed {
  private session: ExportSession | null = new ExportSession();
  private sent = 0;

  constructor(survey: Survey) {
    try {
      this.session?.send({ type: 'records-open', survey });
    } catch (error) {
      // Nobody holds the feed yet to close it.
      this.close();
      throw error;
    }
  }

  /**
   * Sends the next measurements, oldest first (in batches of COLUMN_BATCH at most, in this
   * task: the store's parts are small; everything at once only on its rare paths).
   */
  add(part: readonly Measurement[]): void {
    if (!this.session) throw new ExportError('export-failed', 'The export has already started');
    for (let start = 0; start < part.length; start += COLUMN_BATCH) {
      const batch = measurementColumns(part, start, Math.min(part.length, start + COLUMN_BATCH));
      this.session.send({ type: 'records-add', measurements: batch }, [batch.numbers.buffer, batch.text.buffer, batch.textLengths.buffer]);
    }
    this.sent += part.length;
  }

  /** The worker that holds them, for the export of `records` (whose measurements they must be). */
  take(records: SurveyRecordSet): ExportSession {
    const session = this.session;
    this.session = null;
    if (!session) throw new ExportError('export-failed', 'The export has already started');
    if (this.sent !== records.measurements.length) {
      session.close();
      throw new ExportError('export-failed', `The export worker was sent ${this.sent} of ${records.measurements.length} measurements`);
    }
    return session;
  }

  close(): void {
    this.session?.close();
    this.session = null;
  }
}

/**
 * The worker for one export and the records' message: the feed's worker and what it was not
 * sent, or a new worker and every record now.
 */
async function prepare(
  records: SurveyRecordSet,
  feed: ExportFeed | undefined,
  measurementsOnly = false,
): Promise<{ session: ExportSession; message: RecordsMessage; transfer: Transferable[] }> {
  if (!feed) {
    // The worker starts (and loads the core) while the columns are built.
    const session = new ExportSession();
    try {
      return { session, ...(await toMessage(records, measurementsOnly)) };
    } catch (error) {
      session.close();
      throw error;
    }
  }
  const session = feed.take(records);
  const { survey, routes, traces, alerts } = records;
  const message: RecordsMessage = measurementsOnly
    ? { survey, measurements: [], routes: [], traces: [], alerts: [], held: true }
    : { survey, measurements: [], routes: routes ?? [], traces: traces ?? [], alerts: alerts ?? [], held: true };
  return { session, message, transfer: [] };
}

/** One document of the survey; `count` is the number of measurements in it. */
export async function exportDocument(records: SurveyRecordSet, format: string, feed?: ExportFeed): Promise<{ blob: Blob; count: number }> {
  // The CSV holds the measurements only: routes, traces and alerts stay behind.
  const { session, message, transfer } = await prepare(records, feed, format.toLowerCase() === 'csv');
  try {
    session.send({ type: 'document', records: message, format }, transfer);
    const reply = await session.next();
    if (reply.type !== 'bytes') throw new ExportError('export-failed', 'The export worker answered out of turn');
    return { blob: new Blob([reply.bytes], { type: MIME[format.toLowerCase()] ?? 'application/octet-stream' }), count: reply.count ?? 0 };
  } finally {
    session.close();
  }
}

async function mediaBytes(item: MediaItem): Promise<ArrayBuffer | null> {
  const value = await item.read();
  if (value === null) return null;
  return value instanceof Blob ? value.arrayBuffer() : value;
}

/**
 * A zip (SPEC §9 layout) or a survey backup, media added one at a time. A medium that cannot
 * be read is skipped with a warning (SPEC §8); `skipped` counts them.
 */
export async function exportArchive(
  records: SurveyRecordSet,
  kind: ArchiveKind,
  media: readonly MediaItem[],
  onProgress?: (progress: ArchiveProgress) => void,
  feed?: ExportFeed,
): Promise<{ blob: Blob; skipped: number }> {
  // Each medium is read while the worker packs the one before, the first while the records
  // cross and the worker writes the documents (one read ahead: memory stays at two media).
  const read = (item: MediaItem) =>
    mediaBytes(item).catch((error: unknown) => {
      console.warn(`Export: the ${item.kind} of measurement ${item.measurementId} could not be read; skipped.`, error);
      return null;
    });
  let ahead = media.length > 0 ? read(media[0]) : null;
  const { session, message, transfer } = await prepare(records, feed);
  const parts: BlobPart[] = [];
  const take = async () => {
    const reply = await session.next();
    if (reply.type !== 'bytes') throw new ExportError('export-failed', 'The export worker answered out of turn');
    if (reply.bytes.byteLength > 0) parts.push(reply.bytes);
    return reply;
  };
  let skipped = 0;
  try {
    session.send({ type: 'archive-start', records: message, kind, created: new Date().toISOString() }, transfer);
    await take();
    onProgress?.({ done: 0, total: media.length });
    for (const [i, item] of media.entries()) {
      const bytes = await ahead;
      ahead = i + 1 < media.length ? read(media[i + 1]) : null;
      if (bytes === null) {
        skipped += 1;
      } else {
        session.send({ type: 'archive-media', measurementId: item.measurementId, kind: item.kind, bytes }, [bytes]);
        await take();
      }
      onProgress?.({ done: i + 1, total: media.length });
    }
    session.send({ type: 'archive-finish' });
    await take();
    return { blob: new Blob(parts, { type: MIME[kind] }), skipped };
  } finally {
    session.close();
  }
}

/** The report's fonts, as the app serves them (web/public/fonts, the CLI's too). */
export interface ReportFonts {
  regular: ArrayBuffer;
  bold: ArrayBuffer;
}

/**
 * The survey report PDF (issue 15), written by the core in the worker: the same bytes as
 * `clearway report` for the same records, fonts and photos. Photos are read one at a time
 * (`onProgress` counts them); one that cannot be read is left out. `previous` (the POIs of
 * an earlier survey of the route) adds "Against the previous survey".
 */
export async function exportReport(
  records: SurveyRecordSet,
  fonts: ReportFonts,
  units: 'metric' | 'feetInches',
  photos: readonly MediaItem[],
  onProgress?: (progress: ArchiveProgress) => void,
  previous: PreviousPoi[] | null = null,
  feed?: ExportFeed,
): Promise<Blob> {
  const ids: string[] = [];
  const parts: Uint8Array[] = [];
  for (const [i, item] of photos.entries()) {
    try {
      const bytes = await mediaBytes(item);
      if (bytes) {
        ids.push(item.measurementId);
        parts.push(new Uint8Array(bytes));
      }
    } catch (error) {
      console.warn(`Report: the photo of measurement ${item.measurementId} could not be read; left out.`, error);
    }
    onProgress?.({ done: i + 1, total: photos.length });
  }
  const lengths = Uint32Array.from(parts, (p) => p.byteLength);
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  const { session, message, transfer } = await prepare(records, feed);
  try {
    session.send(
      { type: 'report', records: message, regularFont: fonts.regular, boldFont: fonts.bold, units, photoIds: ids.join('\n'), photoBytes: all.buffer, photoLengths: lengths, previous },
      [...transfer, all.buffer],
    );
    const reply = await session.next();
    if (reply.type !== 'bytes') throw new ExportError('export-failed', 'The export worker answered out of turn');
    return new Blob([reply.bytes], { type: 'application/pdf' });
  } finally {
    session.close();
  }
}
