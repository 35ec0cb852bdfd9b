// jsdom has no IndexedDB: these run the service the way a browser without a usable
// IndexedDB does. The IndexedDB paths are proven in Chromium (tests/e2e/storage-*).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMERGENCY_KEY } from './emergencyStore';
import {
  addItem,
  getByIndex,
  initStorage,
  resetStorageForTests,
  saveMeasurement,
  subscribeStorage,
  type StorageEvent,
} from './storageService';

afterEach(() => resetStorageForTests());

function record(): StorageEvent[] {
  const events: StorageEvent[] = [];
  subscribeStorage((event) => events.push(event));
  return events;
}

describe('the local store without IndexedDB', () => {
  it('starts in emergency mode on localStorage and says so', async () => {
    const events = record();
    await expect(initStorage()).resolves.toBe('emergency');
    expect(events.map((e) => e.type)).toEqual(['emergency-mode', 'emergency-initialized']);
  });

  it('reports data kept from an earlier visit', async () => {
    localStorage.setItem(EMERGENCY_KEY, JSON.stringify({ version: 4, lastUpdated: '', collections: { surveys: { s1: { id: 's1' } } } }));
    const events = record();
    await initStorage();
    expect(events.map((e) => e.type)).toEqual(['emergency-mode', 'emergency-loaded']);
  });

  it('a measurement is saved locally, with the SPEC message, after the write delay', async () => {
    const start = performance.now();
    const outcome = await saveMeasurement({ id: 'm1', user_id: 's1', rel: 4.2 });
    expect(performance.now() - start).toBeGreaterThanOrEqual(45);
    expect(outcome).toEqual({
      savedIn: 'local',
      message: 'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.',
    });
    expect(JSON.parse(localStorage.getItem(EMERGENCY_KEY) ?? '{}').collections.measurements.m1.rel).toBe(4.2);
  });

  it("when localStorage refuses it too: 'Critical error: Unable to save measurement…'", async () => {
    await initStorage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(saveMeasurement({ id: 'm1' })).rejects.toMatchObject({
      code: 'critical',
      message: 'Critical error: Unable to save measurement. Please try refreshing the page.',
    });
  });

  it("adding an id twice fails with 'Item already exists'", async () => {
    await addItem('surveys', { id: 's1' });
    const error = await addItem('surveys', { id: 's1', other: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'exists', message: 'Item already exists' });
  });

  it('by-date newest first, by-survey on the measurement survey id (user_id)', async () => {
    await addItem('measurements', { id: 'a', user_id: 's1', createdAt: '2024-05-01T08:00:00Z' });
    await addItem('measurements', { id: 'b', user_id: 's2', createdAt: '2024-05-01T09:00:00Z' });
    await addItem('measurements', { id: 'c', user_id: 's1', createdAt: '2024-05-01T10:00:00Z' });
    expect((await getByIndex('measurements', 'by-date', null, { newestFirst: true })).map((m) => m.id)).toEqual(['c', 'b', 'a']);
    expect((await getByIndex('measurements', 'by-survey', 's1')).map((m) => m.id).sort()).toEqual(['a', 'c']);
  });

  it("no localStorage either: 'Critical storage error…' and nothing pretends to save", async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const events = record();
    await expect(initStorage()).resolves.toBe('failed');
    expect(events).toEqual([{ type: 'critical', message: 'Critical storage error. Please clear your browser data and try again.' }]);
    await expect(addItem('surveys', { id: 's1' })).rejects.toMatchObject({ code: 'critical-storage' });
  });
});
