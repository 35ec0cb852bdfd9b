// The running CSV folded into chunks (csvChunks.ts): folding never changes the CSV a survey
// reads back; an edit or a deletion after folding shows; nothing is folded while a row waits
// in emergency storage. Expected rows are built from what the test writes, in createdAt order.
import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../model';
import { withFreshStore } from '../../testing/freshStore';
import { CSV_CHUNK_ROWS, compactRunningCsv } from './csvChunks';
import { localPut } from './emergencyLocal';
import { keyRange } from './keys';
import { csvRows, measurements } from './records';
import { countByIndex, initStorage, saveRecords, type PutOp } from './storageService';

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
