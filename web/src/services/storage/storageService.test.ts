// jsdom has no IndexedDB: these run the service the way a browser without a usable
// IndexedDB does (emergency mode on localStorage only). The IndexedDB paths run on
// fake-indexeddb in storageDatabase.test.ts and in Chromium (tests/e2e/storage-*).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Measurement, Survey } from '../../model';
import { EMERGENCY_KEY } from './emergencyLocal';
import { getByIndex } from './indexReads';
import { addItem, initStorage, resetStorageForTests, saveMeasurement, subscribeStorage, type StorageEvent } from './storageService';

afterEach(() => {
  resetStorageForTests();
  localStorage.clear();
  vi.restoreAllMocks();
});

function record(): StorageEvent[] {
  const events: StorageEvent[] = [];
  subscribeStorage((event) => events.push(event));
  return events;
}

const survey = (id: string) => ({ id }) as Survey;
const measurement = (fields: Partial<Measurement> & { id: string }) => fields as Measurement;
const put = (m: Measurement) => [{ kind: 'put' as const, store: 'measurements' as const, item: m }];

describe('the local store without IndexedDB', () => {
  it('starts in emergency mode on localStorage, says so, and warns that a crash can lose data', async () => {
    const events = record();
    await expect(initStorage()).resolves.toBe('emergency');
    expect(events.map((e) => e.type)).toEqual(['emergency-mode', 'at-risk', 'emergency-initialized']);
    expect(events[0]).toMatchObject({ tier: 'local' });
  });

  it('reads data kept in the one-key layout of an earlier version, record by record', async () => {
    localStorage.setItem(EMERGENCY_KEY, JSON.stringify({ version: 4, lastUpdated: '', collections: { surveys: { s1: { id: 's1', surveyTitle: 'Old' } } } }));
    const events = record();
    await initStorage();
    expect(events.map((e) => e.type)).toEqual(['emergency-mode', 'at-risk', 'emergency-loaded']);
    expect(JSON.parse(localStorage.getItem(`${EMERGENCY_KEY}:surveys:s1`) ?? '{}').item.surveyTitle).toBe('Old');
    expect(JSON.parse(localStorage.getItem(EMERGENCY_KEY) ?? '{}')).toMatchObject({ version: 4 });
  });

  it('a measurement is saved locally under its own key, with the SPEC message, after the write delay', async () => {
    const start = performance.now();
    const outcome = await saveMeasurement(put(measurement({ id: 'm1', user_id: 's1', rel: 4.2 })));
    expect(performance.now() - start).toBeGreaterThanOrEqual(45);
    expect(outcome).toEqual({
      savedIn: 'local',
      tier: 'local',
      message: 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.',
    });
    expect(JSON.parse(localStorage.getItem(`${EMERGENCY_KEY}:measurements:m1`) ?? '{}').item.rel).toBe(4.2);
  });

  it('two tabs writing at once keep both records (one key per record, no read-modify-write)', async () => {
    await saveMeasurement(put(measurement({ id: 'a', user_id: 's1', rel: 1 })));
    // What another tab writes meanwhile lands under its own key and is never overwritten.
    localStorage.setItem(`${EMERGENCY_KEY}:measurements:b`, JSON.stringify({ store: 'measurements', id: 'b', item: { id: 'b', user_id: 's1', rel: 2 }, savedAt: Date.now(), deleted: false }));
    await saveMeasurement(put(measurement({ id: 'c', user_id: 's1', rel: 3 })));
    expect((await getByIndex('measurements', 'by-survey', 's1')).map((m) => m.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it("when localStorage refuses it too: 'Critical error: Unable to save measurement…'", async () => {
    await initStorage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(saveMeasurement(put(measurement({ id: 'm1' })))).rejects.toMatchObject({
      code: 'critical',
      message: 'Critical error: Unable to save measurement. Please try refreshing the page.',
    });
  });

  it("adding an id twice fails with 'Item already exists'", async () => {
    await addItem('surveys', survey('s1'));
    const error = await addItem('surveys', { ...survey('s1'), other: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'exists', message: 'Item already exists' });
  });

  it('by-date newest first, by-survey on the measurement survey id (user_id)', async () => {
    await addItem('measurements', measurement({ id: 'a', user_id: 's1', createdAt: '2024-05-01T08:00:00Z' }));
    await addItem('measurements', measurement({ id: 'b', user_id: 's2', createdAt: '2024-05-01T09:00:00Z' }));
    await addItem('measurements', measurement({ id: 'c', user_id: 's1', createdAt: '2024-05-01T10:00:00Z' }));
    expect((await getByIndex('measurements', 'by-date', null, { newestFirst: true })).map((m) => m.id)).toEqual(['c', 'b', 'a']);
    expect((await getByIndex('measurements', 'by-survey', 's1')).map((m) => m.id).sort()).toEqual(['a', 'c']);
  });

  it('media never go to localStorage', async () => {
    await initStorage();
    const { saveItem } = await import('./storageService');
    await expect(
      saveItem('media', { id: 'p1', measurementId: 'm1', surveyId: 's1', kind: 'image', type: 'image/jpeg', size: 3, createdAt: '', blob: new Blob(['abc']) }),
    ).rejects.toMatchObject({ code: 'local-write' });
    expect(Object.keys(localStorage).filter((key) => key.includes(':media:'))).toEqual([]);
  });

  it("no localStorage either: 'Critical storage error…' and nothing pretends to save", async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const events = record();
    await expect(initStorage()).resolves.toBe('failed');
    expect(events).toEqual([{ type: 'critical', message: 'Critical storage error. Please clear your browser data and try again.' }]);
    await expect(addItem('surveys', survey('s1'))).rejects.toMatchObject({ code: 'critical-storage' });
  });
});
