// A survey's records and media as the exports need them, read through the storage API
// (SPEC §3 records; media are records of their own, referenced by id from a measurement's
// imageUrl / videoUrl / drawingUrl).
import type { MediaItem, MediaKind, SurveyRecordSet } from '../../core/exporter';
import { csvHeader } from '../../core/survey';
import type { Measurement, StoredMedia, Survey } from '../../model';
import { stores } from '../../services/storage';
import { flushTrace } from '../traces';

/** How many bytes of media an archive export reads ahead while the survey's records are read. */
export const MEDIA_READ_AHEAD_BYTES = 64 * 1024 * 1024;

/** Media bytes being read ahead, by media record id (see readSurveyRecords). */
export type MediaReadAhead = ReadonlyMap<string, Promise<ArrayBuffer>>;

/**
 * Starts reading the bytes of the first media records, up to `budget` bytes in all: on a
 * 100,000-measurement survey the measurements take a second or more to read, and the
 * photos' bytes come from another part of the browser meanwhile.
 */
export function readAhead(records: readonly StoredMedia[], budget: number): MediaReadAhead {
  const ahead = new Map<string, Promise<ArrayBuffer>>();
  let used = 0;
  for (const record of records) {
    // Only a real Blob (a damaged record is read, and reported, when the export reaches it).
    if (!(record.blob instanceof Blob) || typeof record.blob.arrayBuffer !== 'function') continue;
    const size = record.blob.size;
    if (used + size > budget) break;
    used += size;
    const bytes = record.blob.arrayBuffer();
    bytes.catch(() => undefined); // read again (and reported) when the export reaches it
    ahead.set(record.id, bytes);
  }
  return ahead;
}

/**
 * The survey's records from the local store, measurements oldest first, trace points and
 * alerts oldest first. Trace points still waiting for their batch are written first, so the
 * export holds the trace up to now. With `mediaReadAheadBytes`, the media's bytes start to
 * be read as soon as their records are known, while the rest is still being read;
 * `onMeasurements` gets the measurements part by part as they are read (in order).
 */
export async function readSurveyRecords(
  survey: Survey,
  options: { mediaReadAheadBytes?: number; onMeasurements?: (part: Measurement[]) => void } = {},
): Promise<SurveyRecordSet & { measurements: Measurement[]; media: StoredMedia[]; ahead?: MediaReadAhead }> {
  await flushTrace();
  const mediaRead = stores.media.ofSurvey(survey.id);
  const budget = options.mediaReadAheadBytes ?? 0;
  const ahead = budget > 0 ? mediaRead.then((list) => readAhead(list, budget)) : Promise.resolve(undefined);
  const [measurements, routes, traces, alerts, media] = await Promise.all([
    stores.measurements.all(survey.id, options.onMeasurements),
    stores.routes.ofSurvey(survey.id),
    stores.traces.ofSurvey(survey.id),
    stores.alerts.ofSurvey(survey.id),
    mediaRead,
  ]);
  return { survey, measurements, routes, traces, alerts, media, ahead: await ahead };
}

const FIELDS: readonly [MediaKind, 'imageUrl' | 'videoUrl' | 'drawingUrl'][] = [
  ['image', 'imageUrl'],
  ['video', 'videoUrl'],
  ['drawing', 'drawingUrl'],
];

/**
 * Reads a medium a measurement refers to that is not a media record of this survey: an id
 * of one elsewhere in the store, `videoBlobs:{id}` (the version-4 reference), or a URL
 * (data:, http:). Anything else reads as null (skipped with a warning by the export).
 */
async function readReference(reference: string): Promise<Blob | null> {
  const id = /^videoBlobs:(.+)$/.exec(reference)?.[1] ?? reference;
  const stored = await stores.media.get(id);
  if (stored) return stored.blob;
  if (!/^(data|https?):/i.test(reference)) return null;
  const response = await fetch(reference);
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return response.blob();
}

/**
 * The media to pack, one read at a time: the survey's media records, and the references of
 * measurements that have no record of that kind. `kinds` limits them (images only, say).
 */
export function mediaOf(
  measurements: readonly Measurement[],
  records: readonly StoredMedia[] = [],
  kinds: readonly MediaKind[] = ['image', 'video', 'drawing'],
  ahead?: MediaReadAhead,
): MediaItem[] {
  const items: MediaItem[] = [];
  const held = new Set<string>();
  const known = new Set(measurements.map((m) => m.id));
  for (const record of records) {
    if (!kinds.includes(record.kind) || !known.has(record.measurementId)) continue;
    held.add(`${record.measurementId}\u0000${record.kind}`);
    const early = ahead?.get(record.id);
    items.push({ measurementId: record.measurementId, kind: record.kind, read: () => (early ? early.catch(() => record.blob) : Promise.resolve(record.blob)) });
  }
  for (const m of measurements) {
    for (const [kind, field] of FIELDS) {
      const reference = m[field];
      if (!kinds.includes(kind) || typeof reference !== 'string' || !reference || held.has(`${m.id}\u0000${kind}`)) continue;
      items.push({ measurementId: m.id, kind, read: () => readReference(reference) });
    }
  }
  return items;
}

/**
 * The survey's CSV from its running CSV (SPEC §4): the core's header and the row the core
 * wrote with each measurement, in the same transaction, in measurement order — the export
 * CSV, already written. Null when the rows do not cover every measurement (records stored by
 * other means, e.g. an older version), or when a measurement may hold lane readings or a wire
 * temperature (the core's CSV then adds the clearance columns, which running rows lack): the
 * caller writes the CSV from the records instead.
 */
export async function runningCsvDocument(survey: Survey): Promise<RunningCsv> {
  if (survey.loadProfile) return { text: null, unflagged: false };
  const [count, { rows, clearanceFree, unflagged }] = await Promise.all([stores.measurements.count(survey.id), stores.csvRows.withClearance(survey.id)]);
  if (!clearanceFree || rows.length !== count) return { text: null, unflagged };
  return { text: (await csvHeader()) + rows.join(''), count };
}

/**
 * The running CSV as the export (`text`), or null: then `unflagged` says whether flagging its
 * rows (backfillRunningCsv) could let the next export use it.
 */
export type RunningCsv = { text: string; count: number } | { text: null; unflagged: boolean };

/**
 * After a CSV export written from the records (runningCsvDocument answered `unflagged`): rows stored
 * by versions before the clearance flag was kept never let it answer, so they are flagged now,
 * in the background, and the survey's next export can be its running CSV. Bookkeeping: a
 * failure is only logged and never touches the export.
 */
export function backfillRunningCsv(survey: Survey): void {
  stores.csvRows.backfillClearance(survey.id).catch((error: unknown) => {
    console.warn('CSV export: the running CSV could not be flagged; the next export writes the CSV from the records again.', error);
  });
}
