// The running CSV (SPEC §4) at scale. Each measurement's row is written beside it in the same
// transaction (`csv-data`, one record per row: records.ts), so the two never drift. Reading a
// 100,000-row survey back as 100,000 records is most of a CSV export's time, so the oldest
// rows are folded, a thousand at a time, into `csv-chunks` records, in one transaction that
// writes the chunk and deletes its rows (all or nothing: a crash leaves either). The export
// then reads about a hundred records.
//
// Merging: rows are ordered by [createdAt, id] as the `by-survey-date` index orders them. A
// measurement edited after its row was folded gets a new loose row, which overrides the
// folded one; folded later, it lands in a chunk of a higher `seq`, which overrides the older
// chunk. A deleted measurement's row is taken out of its chunks (forgetRow).
import type { Measurement } from '../../model';
import { keyRange } from './keys';
import { indexValues, requestResult } from './idbStore';
import type { CsvChunkRecord, CsvRowRecord } from './schema';
import { getByIndex } from './indexReads';
import { readTogether, writeTogether } from './storageService';

/** Rows per chunk; a survey keeps fewer than 2× as many loose rows. */
export const CSV_CHUNK_ROWS = 1000;

const ofSurvey = (surveyId: string) => keyRange([surveyId], [surveyId, []]);
const chunksOf = (surveyId: string) => keyRange([surveyId, -Infinity], [surveyId, Infinity]);

/** A chunk's clearance flag from its rows': any true is true, any unknown is unknown. */
function chunkClearance(rows: readonly Pick<CsvRowRecord, 'clearance'>[]): { clearance?: boolean } {
  if (rows.some((row) => row.clearance === true)) return { clearance: true };
  if (rows.some((row) => row.clearance !== false)) return {};
  return { clearance: false };
}

/** Folds the survey's oldest loose rows into one chunk; false when there were too few. */
async function foldOnce(surveyId: string): Promise<boolean> {
  const folded = await writeTogether(['csv-data', 'csv-chunks'], async (tx) => {
    const rows = tx.objectStore('csv-data');
    const chunks = tx.objectStore('csv-chunks');
    const loose = await requestResult(rows.index('by-survey-date').count(ofSurvey(surveyId)));
    if (loose < 2 * CSV_CHUNK_ROWS) return false;
    const [oldest, [last]] = await Promise.all([
      indexValues<CsvRowRecord>(rows.index('by-survey-date'), ofSurvey(surveyId), 'next', CSV_CHUNK_ROWS),
      indexValues<CsvChunkRecord>(chunks.index('by-survey'), chunksOf(surveyId), 'prev', 1),
    ]);
    const seq = (last?.seq ?? 0) + 1;
    chunks.put({
      id: `${surveyId}:${seq}`,
      surveyId,
      seq,
      ids: oldest.map((row) => row.id),
      createdAts: oldest.map((row) => row.createdAt),
      rows: oldest.map((row) => row.text),
      ...chunkClearance(oldest),
    } satisfies CsvChunkRecord);
    for (const row of oldest) rows.delete(row.id);
    return true;
  });
  return folded === true;
}

/**
 * Folds the survey's loose rows until fewer than 2 × CSV_CHUNK_ROWS are left, one
 * transaction per chunk (the surveyor's saves go between them). Does nothing while the
 * database is not the store or rows wait in emergency storage. Marks
 * 'clearway:csv-compacted' when done (the benchmark waits for it).
 */
export async function compactRunningCsv(surveyId: string): Promise<number> {
  let chunks = 0;
  while (await foldOnce(surveyId)) chunks += 1;
  performance.mark?.('clearway:csv-compacted');
  return chunks;
}

const scheduled = new Map<string, ReturnType<typeof setTimeout>>();
const savedSince = new Map<string, number>();

/** Compacts the survey's running CSV a little later, once (saves come in bursts). */
function scheduleCompaction(surveyId: string, delayMs = 2000): void {
  if (scheduled.has(surveyId)) return;
  savedSince.delete(surveyId);
  scheduled.set(
    surveyId,
    setTimeout(() => {
      scheduled.delete(surveyId);
      compactRunningCsv(surveyId).catch(() => {
        // Bookkeeping only: the loose rows are the CSV until the next attempt.
      });
    }, delayMs),
  );
}

/** A measurement of the survey was saved: every CSV_CHUNK_ROWS saves, a compaction follows. */
export function noteSaved(surveyId: string): void {
  const count = (savedSince.get(surveyId) ?? 0) + 1;
  savedSince.set(surveyId, count);
  if (count >= CSV_CHUNK_ROWS) scheduleCompaction(surveyId);
}

/** The survey was opened with `measurements` records: if it may hold enough loose rows, a compaction follows. */
export function noteOpened(surveyId: string, measurements: number): void {
  if (measurements >= 2 * CSV_CHUNK_ROWS) scheduleCompaction(surveyId);
}

/** Takes a deleted measurement's row out of the chunks that hold it. */
export async function forgetRow(id: string): Promise<void> {
  await writeTogether(['csv-chunks'], async (tx) => {
    const chunks = tx.objectStore('csv-chunks');
    const holding = await requestResult(chunks.index('by-row').getAll(id) as IDBRequest<CsvChunkRecord[]>);
    for (const chunk of holding) {
      const kept = entriesOf(chunk).filter((entry) => entry.id !== id);
      if (kept.length === 0) chunks.delete(chunk.id);
      else chunks.put({ ...chunk, ids: kept.map((e) => e.id), createdAts: kept.map((e) => e.at), rows: kept.map((e) => e.text) });
    }
  });
}

interface Entry {
  id: string;
  at: string;
  text: string;
}

/** A chunk's rows as entries (a damaged chunk gives what its arrays agree on). */
function entriesOf(chunk: CsvChunkRecord): Entry[] {
  const out: Entry[] = [];
  chunk.ids.forEach((id, i) => {
    const at = chunk.createdAts[i];
    const text = chunk.rows[i];
    if (at !== undefined && text !== undefined) out.push({ id, at, text });
  });
  return out;
}

const compare = (a: Entry, b: Entry) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The survey's running-CSV rows in [createdAt, id] order: its chunks and its loose rows
 * (emergency copies included, through getByIndex), a measurement's newest row winning.
 * `clearanceFree`: every chunk and row is known to hold no clearance data (an overridden
 * row counts too: the answer errs towards asking the core). `unflagged`: none is known to
 * hold any, but some were stored without the flag (by older versions: backfillClearance).
 */
export async function runningRows(surveyId: string): Promise<{ rows: string[]; clearanceFree: boolean; unflagged: boolean }> {
  const [chunks, loose] = await Promise.all([
    getByIndex('csv-chunks', 'by-survey', chunksOf(surveyId)),
    getByIndex('csv-data', 'by-survey-date', ofSurvey(surveyId)),
  ]);
  const entries = chunks.flatMap(entriesOf);
  for (const row of loose) entries.push({ id: row.id, at: row.createdAt, text: row.text });
  const flags = [...chunks, ...loose].map((record) => record.clearance);
  const clearanceFree = flags.every((flag) => flag === false);
  const unflagged = !clearanceFree && !flags.includes(true);
  // The common case: every id once, already in order (chunks fold the oldest rows).
  const ids = new Set(entries.map((entry) => entry.id));
  let ordered = ids.size === entries.length;
  for (let i = 1; ordered && i < entries.length; i += 1) ordered = compare(entries[i - 1] as Entry, entries[i] as Entry) < 0;
  if (ordered) return { rows: entries.map((entry) => entry.text), clearanceFree, unflagged };
  // Otherwise the newest row of each measurement (later entries are newer), sorted.
  const newest = new Map<string, Entry>();
  for (const entry of entries) newest.set(entry.id, entry);
  return { rows: [...newest.values()].sort(compare).map((entry) => entry.text), clearanceFree, unflagged };
}

type FlagOf = (measurement: Measurement) => boolean;

const get = <T>(store: IDBObjectStore, id: string) => requestResult(store.get(id) as IDBRequest<T | undefined>);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
/** Still the unflagged row (or chunk) read before: nothing wrote it since. */
const unchangedRow = (now: CsvRowRecord, read: CsvRowRecord) =>
  now.clearance === undefined && now.text === read.text && now.createdAt === read.createdAt && now.surveyId === read.surveyId;
const unchangedChunk = (now: CsvChunkRecord, read: CsvChunkRecord) =>
  now.clearance === undefined && sameList(now.ids, read.ids) && sameList(now.createdAts, read.createdAts) && sameList(now.rows, read.rows);

/** Flags a batch of unflagged rows from their measurements, in one transaction; how many it flagged. */
async function flagRows(batch: readonly CsvRowRecord[], flagOf: FlagOf): Promise<number> {
  const flagged = await writeTogether(['csv-data', 'measurements'], async (tx) => {
    const rows = tx.objectStore('csv-data');
    const measurements = tx.objectStore('measurements');
    const [now, owners] = await Promise.all([
      Promise.all(batch.map((read) => get<CsvRowRecord>(rows, read.id))),
      Promise.all(batch.map((read) => get<Measurement>(measurements, read.id))),
    ]);
    let count = 0;
    batch.forEach((read, i) => {
      const row = now[i];
      const owner = owners[i];
      if (!row || !owner || !unchangedRow(row, read)) return;
      rows.put({ ...row, clearance: flagOf(owner) } satisfies CsvRowRecord);
      count += 1;
    });
    return count;
  });
  return flagged ?? 0;
}

/** Flags an unflagged chunk from its rows' measurements, in one transaction; 1 when it did. */
async function flagChunk(read: CsvChunkRecord, flagOf: FlagOf): Promise<number> {
  const flagged = await writeTogether(['csv-chunks', 'measurements'], async (tx) => {
    const chunks = tx.objectStore('csv-chunks');
    const measurements = tx.objectStore('measurements');
    const chunk = await get<CsvChunkRecord>(chunks, read.id);
    if (!chunk || !unchangedChunk(chunk, read)) return 0;
    const owners = await Promise.all(chunk.ids.map((id) => get<Measurement>(measurements, id)));
    // A row whose measurement is gone is not known: the chunk then stays unflagged.
    const flag = chunkClearance(owners.map((owner) => ({ clearance: owner ? flagOf(owner) : undefined })));
    if (flag.clearance === undefined) return 0;
    chunks.put({ ...chunk, ...flag } satisfies CsvChunkRecord);
    return 1;
  });
  return flagged ?? 0;
}

/**
 * Writes the clearance flag onto the survey's rows and chunks stored without it (by versions
 * before it was kept), so that its next CSV export can be the running CSV. `flagOf` gives a
 * measurement's flag (records.ts: hasClearanceData). Each write transaction takes at most
 * CSV_CHUNK_ROWS rows, or one chunk, and reads their measurements in it; a row or chunk is
 * flagged only if it is still the one read before (an edit since wrote its own flag).
 * Bookkeeping, like folding: no change signal (no view shows the flag), and nothing while
 * records of these stores wait in emergency storage. Returns how many records it flagged.
 */
export async function backfillClearance(surveyId: string, flagOf: FlagOf): Promise<number> {
  const unflagged = await readTogether(['csv-data', 'csv-chunks'], async (tx) => {
    const [rows, chunks] = await Promise.all([
      requestResult(tx.objectStore('csv-data').index('by-survey-date').getAll(ofSurvey(surveyId)) as IDBRequest<CsvRowRecord[]>),
      requestResult(tx.objectStore('csv-chunks').index('by-survey').getAll(chunksOf(surveyId)) as IDBRequest<CsvChunkRecord[]>),
    ]);
    return { rows: rows.filter((row) => row.clearance === undefined), chunks: chunks.filter((chunk) => chunk.clearance === undefined) };
  });
  if (!unflagged) return 0;
  let flagged = 0;
  for (let from = 0; from < unflagged.rows.length; from += CSV_CHUNK_ROWS) {
    flagged += await flagRows(unflagged.rows.slice(from, from + CSV_CHUNK_ROWS), flagOf);
  }
  for (const chunk of unflagged.chunks) flagged += await flagChunk(chunk, flagOf);
  return flagged;
}
