// The CSV export of a survey whose running CSV an older version stored (rows and a folded
// chunk without the clearance flag): the first export writes the CSV from the records, as
// before, and flags the rows behind it; the next export is the running CSV, byte for byte the
// same. The store is real (fake-indexeddb), and so is the core (wasm, loaded from disk); the
// export worker stands in, making the worker's core calls in this thread (jsdom has no
// workers). Expected bytes come from the core on the records the test wrote.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportDocumentHere, loadCoreFromDisk } from '../../core/coreForTests';
import type { SurveyRecordSet } from '../../core/exporter';
import { csvRows } from '../../core/survey';
import type { Measurement, Survey } from '../../model';
import { stores, subscribeChanges } from '../../services/storage';
import { compactRunningCsv } from '../../services/storage/csvChunks';
import { keyRange } from '../../services/storage/keys';
import { getByIndex } from '../../services/storage/indexReads';
import { initStorage, saveRecords, type PutOp } from '../../services/storage/storageService';
import { withFreshStore } from '../../testing/freshStore';
import { dismissToast, getToasts } from '../../ui/toast/toastStore';
import { exportSurvey } from './exportSurvey';

const exporter = vi.hoisted(() => ({ exportDocument: vi.fn() }));
vi.mock('../../core/exporter', async (original) => ({
  ...(await original<object>()),
  ...exporter,
  ExportFeed: (await import('../../testing/fakeExportFeed')).FakeExportFeed,
}));
const download = vi.hoisted(() => ({ saveDownload: vi.fn() }));
vi.mock('../../ui/download', () => download);

withFreshStore();
beforeAll(loadCoreFromDisk);
beforeEach(() => {
  vi.clearAllMocks();
  exporter.exportDocument.mockImplementation(async (records: SurveyRecordSet, format: string) => exportDocumentHere(records, format));
  for (const t of getToasts()) dismissToast(t.id);
});

const SURVEY = { id: 's-old', surveyTitle: 'A7 bridges', surveyorName: 'Ana', clientName: 'Roads', active: true, createdAt: '2026-06-01T07:59:00.000Z' } as Survey;
const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 8, 0, 0) + i * 7000).toISOString();
const measurement = (i: number, extra: Partial<Measurement> = {}) =>
  ({
    id: `m${String(i).padStart(5, '0')}`,
    user_id: SURVEY.id,
    source: 'manual',
    rel: 4 + (i % 50) / 100,
    roadNumber: '12',
    poiNumber: i + 1,
    poi_type: i === 0 ? 'START' : 'bridge',
    note: i % 7 === 3 ? 'sag, "low" wire' : '',
    latitude: 48.85 + i / 1e5,
    longitude: 2.35 + i / 1e5,
    createdAt: at(i),
    ...extra,
  }) as Measurement;

/**
 * Stores the survey as a version before the flag did: each measurement with its core-written
 * row (no `clearance`), in one transaction, then folded (`fold`) as that version folded them.
 */
async function seedOldSurvey(list: Measurement[], fold: boolean): Promise<void> {
  await initStorage();
  const ops: PutOp[] = [{ kind: 'put', store: 'surveys', item: SURVEY }];
  for (const m of list) {
    ops.push({ kind: 'put', store: 'measurements', item: m });
    ops.push({ kind: 'put', store: 'csv-data', item: { id: m.id, surveyId: SURVEY.id, createdAt: String(m.createdAt), text: await csvRows([m]) } });
  }
  await saveRecords(ops);
  if (fold) await compactRunningCsv(SURVEY.id);
}

/** The flags as stored: the loose rows', oldest first, and the chunks'. */
async function storedFlags(): Promise<{ rows: (boolean | undefined)[]; chunks: (boolean | undefined)[] }> {
  const [rows, chunks] = await Promise.all([
    getByIndex('csv-data', 'by-survey-date', keyRange([SURVEY.id], [SURVEY.id, []])),
    getByIndex('csv-chunks', 'by-survey', keyRange([SURVEY.id, -Infinity], [SURVEY.id, Infinity])),
  ]);
  return { rows: rows.map((row) => row.clearance), chunks: chunks.map((chunk) => chunk.clearance) };
}

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });

/** The bytes of the n-th download (0: the first). */
const downloaded = (n: number) => bytesOf(download.saveDownload.mock.calls[n]?.[0] as Blob);
/** The core's CSV of these records: what the export writes without any shortcut. */
const coreCsv = async (list: Measurement[]) => bytesOf((await exportDocumentHere({ survey: SURVEY, measurements: list }, 'csv')).blob);

// Thousands of records through fake-indexeddb: seconds on a loaded machine, not a timing check.
describe('the running CSV of an older version', { timeout: 60_000 }, () => {
  it('is flagged after the first export, silently; the second export is the running CSV, with the same bytes', async () => {
    // 2,100 measurements: one folded chunk of 1,000 and 1,100 loose rows (two batches).
    const list = Array.from({ length: 2100 }, (_, i) => measurement(i));
    await seedOldSurvey(list, true);
    expect(await storedFlags()).toEqual({ rows: Array(1100).fill(undefined), chunks: [undefined] });
    const expected = await coreCsv(list);
    const changes: string[] = [];
    subscribeChanges((change) => changes.push(change.store));

    expect(await exportSurvey(SURVEY, 'csv')).toMatch(/\.csv$/);
    expect(exporter.exportDocument).toHaveBeenCalledTimes(1);
    expect(await downloaded(0)).toEqual(expected);
    // No measurement holds readings or a wire temperature: every row and the chunk say so.
    await vi.waitFor(async () => expect(await storedFlags()).toEqual({ rows: Array(1100).fill(false), chunks: [false] }), { timeout: 30_000 });
    // Bookkeeping no view shows: no view was told to read the survey again.
    expect(changes).toEqual([]);

    expect(await exportSurvey(SURVEY, 'csv')).toMatch(/\.csv$/);
    expect(exporter.exportDocument).toHaveBeenCalledTimes(1);
    expect(await downloaded(1)).toEqual(expected);
    expect(getToasts().map((t) => t.title)).toEqual(['CSV exported successfully', 'CSV exported successfully']);
  });

  it('a measurement with lane readings or a wire temperature flags its row true: the CSV keeps its clearance columns', async () => {
    const list = Array.from({ length: 6 }, (_, i) =>
      measurement(i, i === 2 ? { readings: [{ lane: 'left', method: 'laser', heightM: 4.62 }] } : i === 4 ? { wireTempC: 31.5 } : {}),
    );
    await seedOldSurvey(list, false);
    const expected = await coreCsv(list);

    await exportSurvey(SURVEY, 'csv');
    await vi.waitFor(async () => expect((await storedFlags()).rows).toEqual([false, false, true, false, true, false]));
    await exportSurvey(SURVEY, 'csv');
    // Both written by the core, which adds the clearance columns the running rows lack.
    expect(exporter.exportDocument).toHaveBeenCalledTimes(2);
    expect(await downloaded(0)).toEqual(expected);
    expect(await downloaded(1)).toEqual(expected);
    // Flagged, the rows say the CSV needs the core: later exports do not read them again to flag them.
    const backfill = vi.spyOn(stores.csvRows, 'backfillClearance');
    await exportSurvey(SURVEY, 'csv');
    expect(exporter.exportDocument).toHaveBeenCalledTimes(3);
    expect(await downloaded(2)).toEqual(expected);
    expect(backfill).not.toHaveBeenCalled();
  });

  it('a failing backfill only warns: the export is the same, and the rows stay as they were', async () => {
    const list = Array.from({ length: 5 }, (_, i) => measurement(i));
    await seedOldSurvey(list, false);
    const expected = await coreCsv(list);
    // The database now refuses every write (the export itself writes nothing).
    const original = IDBDatabase.prototype.transaction;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (args[1] === 'readwrite' && this.name === 'clearway') throw new DOMException('The database is corrupt', 'UnknownError');
      return original.apply(this, args);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');

    expect(await exportSurvey(SURVEY, 'csv')).toMatch(/\.csv$/);
    expect(await downloaded(0)).toEqual(expected);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(getToasts().map((t) => t.title)).toEqual(['CSV exported successfully']);
    expect(error).not.toHaveBeenCalled();
    expect((await storedFlags()).rows).toEqual(Array(5).fill(undefined));
  });
});
