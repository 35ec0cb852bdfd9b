// The active survey's overview (what the workspace shows when it opens): read in one
// readonly transaction when IndexedDB alone holds the data, and through the merging reads,
// with the same answer, when an emergency copy waits. Expected values come from the records
// the test writes, not from the code under test.
import { describe, expect, it, vi } from 'vitest';
import type { Measurement, Survey } from '../../model';
import { withFreshStore } from '../../testing/freshStore';
import { localPut } from './emergencyLocal';
import { surveys } from './records';
import { initStorage, saveRecords, type PutOp } from './storageService';

withFreshStore();

const survey = (id: string, createdAt: string, active: boolean) => ({ id, surveyTitle: id, createdAt, active }) as Survey;
/** Measurement `i` of `surveyId`: created `i` minutes after 08:00, POI numbers out of time order. */
const measurement = (surveyId: string, i: number) =>
  ({ id: `${surveyId}-m${i}`, user_id: surveyId, rel: 4 + i / 100, poiNumber: (i * 7) % 23, createdAt: new Date(Date.UTC(2026, 5, 1, 8, i)).toISOString() }) as Measurement;

async function seed() {
  const ops: PutOp[] = [
    { kind: 'put', store: 'surveys', item: survey('old', '2026-05-01T08:00:00Z', false) },
    { kind: 'put', store: 'surveys', item: survey('now', '2026-06-01T08:00:00Z', true) },
  ];
  for (let i = 0; i < 30; i += 1) ops.push({ kind: 'put', store: 'measurements', item: measurement('now', i) });
  for (let i = 0; i < 5; i += 1) ops.push({ kind: 'put', store: 'measurements', item: measurement('old', i + 100) });
  await saveRecords(ops);
}

function countReadTransactions() {
  const original = IDBDatabase.prototype.transaction;
  let count = 0;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if (this.name === 'clearway') count += 1;
    return original.apply(this, args);
  });
  return () => count;
}

describe('the active survey overview', () => {
  it('reads the active survey, its count, newest page and highest POI number in one transaction', async () => {
    await initStorage();
    await seed();
    const transactions = countReadTransactions();
    const overview = await surveys.activeOverview(10);
    expect(transactions()).toBe(1);
    expect(overview.survey?.id).toBe('now');
    expect(overview.count).toBe(30);
    // Newest first: measurements 29, 28, … 20.
    expect(overview.newest.map((m) => m.id)).toEqual(Array.from({ length: 10 }, (_, k) => `now-m${29 - k}`));
    // The highest of (i * 7) % 23 for i < 30 is 22 (i = 26).
    expect(overview.highestPoi).toBe(22);
  });

  it('with an emergency copy waiting, the merging reads give it too (same shape, the copy included)', async () => {
    await initStorage();
    await seed();
    const copy = { ...measurement('now', 45), poiNumber: 40 };
    localPut({ store: 'measurements', id: copy.id, item: copy, savedAt: Date.now(), deleted: false });
    const overview = await surveys.activeOverview(3);
    expect(overview.survey?.id).toBe('now');
    expect(overview.count).toBe(31);
    expect(overview.newest.map((m) => m.id)).toEqual(['now-m45', 'now-m29', 'now-m28']);
    expect(overview.highestPoi).toBe(40);
  });

  it('no active survey: nothing is read beyond the survey list', async () => {
    await initStorage();
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey('old', '2026-05-01T08:00:00Z', false) }]);
    expect(await surveys.activeOverview(10)).toEqual({ survey: null, count: 0, newest: [], highestPoi: 0 });
  });
});
