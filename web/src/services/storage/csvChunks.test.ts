// The running CSV folded into chunks (csvChunks.ts): folding never changes the CSV a survey
// reads back; an edit or a deletion after folding shows; nothing is folded while a row waits
// in emergency storage. Expected rows are built from what the test writes, in createdAt order.
import { describe, expect, it, vi } from 'vitest';
import type { Measurement } from '../../model';
import { withFreshStore } from '../../testing/freshStore';
import { CSV_CHUNK_ROWS, compactRunningCsv } from './csvChunks';
import { localPut } from './emergencyLocal';
import { keyRange } from './keys';
import { csvRows, measurements } from './records';
import { countByIndex, getByIndex } from './indexReads';
import { initStorage, saveRecords, type PutOp } from './storageService';

withFreshStore();

const SURVEY = 's1';
const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 8, 0, i)).toISOString();
const measurement = (i: number) => ({ id: `m${String(i).padStart(5, '0')}`, user_id: SURVEY, rel: 4, createdAt: at(i) }) as Measurement;
const rowOf = (i: number, text = `row ${i}`, clearance?: boolean) => ({
  id: measurement(i).id,
  surveyId: SURVEY,
  createdAt: at(i),
  text: `${text}\r\n`,
  ...(clearance === undefined ? {} : { clearance }),
});

/** Saves measurements `from`..`to` (exclusive) with their rows, as the app's save does (one transaction each batch). */
async function save(from: number, to: number) {
  const ops: PutOp[] = [];
  for (let i = from; i < to; i += 1) {
    ops.push({ kind: 'put', store: 'measurements', item: measurement(i) });
    ops.push({ kind: 'put', store: 'csv-data', item: rowOf(i) });
  }
  await saveRecords(ops);
}

const expected = (indexes: number[], edits: Record<number, string> = {}) => indexes.map((i) => `${edits[i] ?? `row ${i}`}\r\n`);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const loose = () => countByIndex('csv-data', 'by-survey-date', keyRange([SURVEY], [SURVEY, []]));

// Thousands of records through fake-indexeddb: seconds on a loaded machine, not a timing check.
describe('the running CSV in chunks', { timeout: 60_000 }, () => {
  it('folds the oldest rows a chunk at a time, leaving fewer than two chunks loose, and reads the same CSV', async () => {
    await initStorage();
    // Saved out of order: the CSV is in createdAt order all the same.
    await save(1500, 3100);
    await save(0, 1500);
    const before = await csvRows.of(SURVEY);
    expect(before).toEqual(expected(range(0, 3100)));
    // 3,100 loose: fold 1,000 (2,100 left), fold 1,000 (1,100 left, under 2 × 1,000): two chunks.
    expect(CSV_CHUNK_ROWS).toBe(1000);
    expect(await compactRunningCsv(SURVEY)).toBe(2);
    expect(await loose()).toBe(1100);
    expect(await csvRows.of(SURVEY)).toEqual(before);
    // Nothing more to fold.
    expect(await compactRunningCsv(SURVEY)).toBe(0);
  });

  it('an edit after folding wins, also once the edited row is folded again; a deletion takes the row out of its chunk', async () => {
    await initStorage();
    await save(0, 3100);
    await compactRunningCsv(SURVEY);
    // Measurement 5 (folded in the first chunk) is edited: its new row is loose.
    await saveRecords([{ kind: 'put', store: 'csv-data', item: rowOf(5, 'edited five') }]);
    expect(await csvRows.of(SURVEY)).toEqual(expected(range(0, 3100), { 5: 'edited five' }));
    // 900 more: 2,001 loose, the oldest 1,000 (the edited row among them) fold into a third chunk.
    await save(3100, 4000);
    expect(await compactRunningCsv(SURVEY)).toBe(1);
    expect(await csvRows.of(SURVEY)).toEqual(expected(range(0, 4000), { 5: 'edited five' }));
    // Deleting measurement 7 (folded) and 3,999 (loose).
    await measurements.remove(measurement(7));
    await measurements.remove(measurement(3999));
    expect(await csvRows.of(SURVEY)).toEqual(expected([...range(0, 7), ...range(8, 3999)], { 5: 'edited five' }));
  });

  it('a row older than the chunks (recovered later) takes its place in the order', async () => {
    await initStorage();
    await save(10, 2010);
    expect(await compactRunningCsv(SURVEY)).toBe(1);
    await save(0, 1);
    expect(await csvRows.of(SURVEY)).toEqual(expected([0, ...range(10, 2010)]));
  });

  it('folds nothing while a row waits in emergency storage, and the copy is read with the rest', async () => {
    await initStorage();
    await save(0, 2500);
    const copy = rowOf(2500);
    localPut({ store: 'csv-data', id: copy.id, item: copy, savedAt: Date.now(), deleted: false });
    expect(await compactRunningCsv(SURVEY)).toBe(0);
    expect(await loose()).toBe(2501);
    expect(await csvRows.of(SURVEY)).toEqual(expected(range(0, 2501)));
  });

  it('a folded chunk keeps whether any of its rows had clearance data', async () => {
    await initStorage();
    const write = (from: number, to: number, flagged: number) =>
      saveRecords(range(from, to).flatMap((i): PutOp[] => [
        { kind: 'put', store: 'measurements', item: measurement(i) },
        { kind: 'put', store: 'csv-data', item: rowOf(i, `row ${i}`, i === flagged) },
      ]));
    await write(0, 2100, -1);
    await compactRunningCsv(SURVEY);
    expect(await loose()).toBeLessThan(2 * CSV_CHUNK_ROWS);
    expect((await csvRows.withClearance(SURVEY)).clearanceFree).toBe(true);
    // Row 7 of the first chunk now has readings: saved loose, folded later into a new chunk.
    await saveRecords([{ kind: 'put', store: 'csv-data', item: rowOf(7, 'row 7', true) }]);
    await write(2100, 3200, -1);
    expect((await csvRows.withClearance(SURVEY)).clearanceFree).toBe(false);
    await compactRunningCsv(SURVEY);
    const after = await csvRows.withClearance(SURVEY);
    expect(after.clearanceFree).toBe(false);
    expect(after.rows).toEqual(expected(range(0, 3200)));
  });
});

describe('flagging the rows an older version stored without their clearance flag', { timeout: 60_000 }, () => {
  /** Saves measurements `from`..`to` with rows stored as before the flag; those in `clearance` hold readings. */
  const saveOld = (from: number, to: number, clearance: readonly number[] = []) =>
    saveRecords(
      range(from, to).flatMap((i): PutOp[] => [
        { kind: 'put', store: 'measurements', item: { ...measurement(i), ...(clearance.includes(i) ? { readings: [{ lane: 'left', method: 'laser', heightM: 4.1 }] } : {}) } },
        { kind: 'put', store: 'csv-data', item: rowOf(i) },
      ]),
    );
  const stored = async () => ({
    rows: await getByIndex('csv-data', 'by-survey-date', keyRange([SURVEY], [SURVEY, []])),
    chunks: await getByIndex('csv-chunks', 'by-survey', keyRange([SURVEY, -Infinity], [SURVEY, Infinity])),
  });

  it('flags rows and chunks from their measurements, at most 1,000 rows a transaction, and the CSV reads the same', async () => {
    await initStorage();
    // Measurement 1,500 (folded into the second chunk) has readings, and 2,100 (loose).
    await saveOld(0, 3500, [1500, 2100]);
    // As that version folded them: 3,500 → two unflagged chunks and 1,500 loose rows.
    expect(await compactRunningCsv(SURVEY)).toBe(2);
    const before = await csvRows.of(SURVEY);
    const written = new Map<IDBTransaction, number>();
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const value = args[0] as { ids?: string[] };
      written.set(this.transaction, (written.get(this.transaction) ?? 0) + (this.name === 'csv-chunks' ? (value.ids?.length ?? 0) : 1));
      return put.apply(this, args);
    });

    expect(await csvRows.backfillClearance(SURVEY)).toBe(1500 + 2);
    expect(Math.max(...written.values())).toBeLessThanOrEqual(1000);
    const { rows, chunks } = await stored();
    expect(rows.filter((row) => row.clearance === true).map((row) => row.id)).toEqual([measurement(2100).id]);
    expect(rows.every((row) => typeof row.clearance === 'boolean')).toBe(true);
    expect(chunks.map((chunk) => chunk.clearance)).toEqual([false, true]);
    expect(await csvRows.of(SURVEY)).toEqual(before);
    // Nothing is left to flag.
    expect(await csvRows.backfillClearance(SURVEY)).toBe(0);
  });

  it('a row or chunk written between the read and the write is left alone: the edit stands, never a stale flag', async () => {
    await initStorage();
    // An older version folded measurements 0 and 1; 2 to 5 are loose rows.
    await saveOld(0, 6);
    await saveRecords([
      { kind: 'put', store: 'csv-chunks', item: { id: `${SURVEY}:1`, surveyId: SURVEY, seq: 1, ids: [0, 1].map((i) => measurement(i).id), createdAts: [at(0), at(1)], rows: ['row 0\r\n', 'row 1\r\n'] } },
      { kind: 'delete', store: 'csv-data', id: measurement(0).id },
      { kind: 'delete', store: 'csv-data', id: measurement(1).id },
    ]);
    // Right before the backfill's first write of rows (and of the chunk), another tab writes:
    // 3 gains readings in this version (its row flagged true), 4 a wire temperature in an
    // older version (its row unflagged); measurement 1 is deleted, and leaves its chunk.
    const original = IDBDatabase.prototype.transaction;
    const edits = new Map<string, (tx: IDBTransaction) => void>([
      [
        'csv-data',
        (tx) => {
          tx.objectStore('measurements').put({ ...measurement(3), readings: [{ lane: 'right', method: 'tape', heightM: 3.9 }] });
          tx.objectStore('csv-data').put(rowOf(3, 'row 3 edited', true));
          tx.objectStore('measurements').put({ ...measurement(4), wireTempC: 28 });
          tx.objectStore('csv-data').put(rowOf(4, 'row 4 edited'));
        },
      ],
      [
        'csv-chunks',
        (tx) => {
          tx.objectStore('measurements').delete(measurement(1).id);
          tx.objectStore('csv-chunks').put({ id: `${SURVEY}:1`, surveyId: SURVEY, seq: 1, ids: [measurement(0).id], createdAts: [at(0)], rows: ['row 0\r\n'] });
        },
      ],
    ]);
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      // The backfill's writes: a running-CSV store with the measurements, no revisions.
      const scope = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
      const store = scope.includes('measurements') && !scope.includes('revisions') ? scope.find((name) => edits.has(name)) : undefined;
      const edit = store === undefined ? undefined : edits.get(store);
      if (args[1] === 'readwrite' && store !== undefined && edit) {
        edits.delete(store);
        edit(original.call(this, ['measurements', 'csv-data', 'csv-chunks'], 'readwrite'));
      }
      return original.apply(this, args);
    });

    await csvRows.backfillClearance(SURVEY);
    const flags = async () => {
      const { rows, chunks } = await stored();
      return { rows: Object.fromEntries(rows.map((row) => [row.text.trim(), row.clearance])), chunks: chunks.map((chunk) => chunk.clearance) };
    };
    expect(await flags()).toEqual({
      rows: { 'row 2': false, 'row 3 edited': true, 'row 4 edited': undefined, 'row 5': false },
      chunks: [undefined],
    });
    // The next run reads them as they now are.
    await csvRows.backfillClearance(SURVEY);
    expect(await flags()).toEqual({
      rows: { 'row 2': false, 'row 3 edited': true, 'row 4 edited': true, 'row 5': false },
      chunks: [false],
    });
  });
});
