// The trace and alert accessors on fake-indexeddb: a batch of trace points is one
// transaction; a batch the database refuses twice goes to emergency storage (SPEC §8 "Trace
// save failures fall back to local storage") and still counts and reads; reads come in
// time order whatever the ids.
import { describe, expect, it, vi } from 'vitest';
import type { Alert, VehicleTracePoint } from '../../model';
import { withFreshStore } from '../../testing/freshStore';
import { emergencyEntries } from './emergency';
import { alerts, traces } from './records';
import { initStorage, probe } from './storageService';

withFreshStore();

/** Point `i` of survey s1, `i` seconds after 08:00, with an id that sorts against time. */
const point = (i: number, surveyId = 's1'): VehicleTracePoint => ({
  id: `${surveyId}-${String(99 - i).padStart(2, '0')}`,
  surveyId,
  routeId: null,
  timestamp: new Date(Date.UTC(2026, 10, 23, 8, 0, i)).toISOString(),
  latitude: 45 + i * 1e-4,
  longitude: -73,
  speed: 40,
  heading: 0,
});

function countReadwriteTransactions() {
  const original = IDBDatabase.prototype.transaction;
  let count = 0;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if (args[1] === 'readwrite' && this.name === 'clearway') count += 1;
    return original.apply(this, args);
  });
  return () => count;
}

describe('trace points', () => {
  it('a batch of 20 is one transaction; reads are oldest first and per survey', async () => {
    await initStorage();
    const transactions = countReadwriteTransactions();
    const batch = Array.from({ length: 20 }, (_, i) => point(i));
    expect(await traces.saveBatch(batch)).toEqual({ savedIn: 'indexeddb' });
    expect(transactions()).toBe(1);
    await traces.saveBatch([point(0, 's2')]);
    const read = await traces.ofSurvey('s1');
    expect(read.map((p) => p.timestamp)).toEqual(batch.map((p) => p.timestamp));
    expect(await traces.count('s1')).toBe(20);
    expect(await traces.count('s2')).toBe(1);
  });

  it('refused twice: the batch is kept in emergency storage, counted and read; it goes back on recovery', async () => {
    await initStorage();
    const original = IDBDatabase.prototype.transaction;
    let failures = 2;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (args[1] === 'readwrite' && this.name === 'clearway' && failures > 0) {
        failures -= 1;
        throw new DOMException('locked', 'UnknownError');
      }
      return original.apply(this, args);
    });
    const outcome = await traces.saveBatch([point(0), point(1), point(2)]);
    expect(outcome).toMatchObject({ savedIn: 'local', tier: 'durable' });
    expect((await emergencyEntries('vehicleTraces')).length).toBe(3);
    expect(await traces.count('s1')).toBe(3);
    expect((await traces.ofSurvey('s1')).map((p) => p.latitude)).toEqual([45, 45.0001, 45.0002]);
    await probe();
    expect(await emergencyEntries('vehicleTraces')).toEqual([]);
    expect(await traces.count('s1')).toBe(3);
  });
});

describe('alerts', () => {
  it('saved one by one, read oldest first with their caller fields', async () => {
    await initStorage();
    const alert = (id: string, second: number, kind: string): Alert => ({
      id,
      surveyId: 's1',
      createdAt: new Date(Date.UTC(2026, 10, 23, 8, 0, second)).toISOString(),
      kind,
      message: `${kind} at ${second}`,
    });
    await alerts.save(alert('b', 5, 'gps-regained'));
    await alerts.save(alert('a', 9, 'gps-lost'));
    await alerts.save(alert('c', 1, 'fix-stale'));
    expect((await alerts.ofSurvey('s1')).map((a) => a.kind)).toEqual(['fix-stale', 'gps-regained', 'gps-lost']);
  });
});
