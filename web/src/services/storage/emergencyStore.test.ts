import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKUP_PREFIX,
  EMERGENCY_KEY,
  backupKeys,
  emergencyEntries,
  emergencyGet,
  emergencyGetAll,
  emergencyPut,
  emergencyRemoveRestored,
  readEmergencyData,
} from './emergencyStore';

afterEach(() => vi.useRealTimers());

describe('emergency storage (localStorage)', () => {
  it('keeps records by collection and id under one key with schema version 4', async () => {
    await emergencyPut('measurements', { id: 'm1', user_id: 's1', rel: 4.25 });
    await emergencyPut('surveys', { id: 's1', surveyTitle: 'A1' });
    const stored = JSON.parse(localStorage.getItem(EMERGENCY_KEY) ?? 'null');
    expect(stored.version).toBe(4);
    expect(Number.isNaN(Date.parse(stored.lastUpdated))).toBe(false);
    expect(emergencyGet('measurements', 'm1')).toEqual({ id: 'm1', user_id: 's1', rel: 4.25 });
    expect(emergencyGetAll('surveys')).toEqual([{ id: 's1', surveyTitle: 'A1' }]);
  });

  it('keeps only the 5 most recent backups, keyed by prefix + timestamp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 8; i += 1) {
      vi.setSystemTime(1_700_000_000_000 + i * 1000);
      await emergencyPut('alerts', { id: `a${i}` });
    }
    const keys = backupKeys();
    expect(keys).toEqual([7, 6, 5, 4, 3].map((i) => `${BACKUP_PREFIX}${1_700_000_000_000 + i * 1000}`));
    // the newest backup holds all eight alerts
    expect(Object.keys(JSON.parse(localStorage.getItem(keys[0] ?? '') ?? '{}').collections.alerts)).toHaveLength(8);
  });

  it('reads the newest backup when the main key is damaged', async () => {
    await emergencyPut('alerts', { id: 'a1' });
    localStorage.setItem(EMERGENCY_KEY, '{"collections": {"alerts": {"a1"');
    expect(readEmergencyData().collections.alerts).toEqual({ a1: { id: 'a1' } });
  });

  it("throws 'Failed to save data to local storage' when localStorage refuses the write", async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(emergencyPut('measurements', { id: 'm1' })).rejects.toMatchObject({ code: 'local-write', message: 'Failed to save data to local storage' });
  });

  it('drops backups to make room for the main key', async () => {
    await emergencyPut('alerts', { id: 'a1' });
    expect(backupKeys()).toHaveLength(1);
    const real = Storage.prototype.setItem;
    let refused = false;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      // full while a backup exists
      if (key === EMERGENCY_KEY && !refused && backupKeys().length > 0) {
        refused = true;
        throw new DOMException('full', 'QuotaExceededError');
      }
      real.call(this, key, value);
    });
    await emergencyPut('alerts', { id: 'a2' });
    expect(refused).toBe(true);
    expect(emergencyGetAll('alerts').map((a) => a.id).sort()).toEqual(['a1', 'a2']);
  });

  it('removes restored records, but not one that changed after it was read', async () => {
    await emergencyPut('measurements', { id: 'm1', note: 'first' });
    await emergencyPut('measurements', { id: 'm2', note: 'first' });
    const read = emergencyEntries();
    await emergencyPut('measurements', { id: 'm2', note: 'edited meanwhile' });
    emergencyRemoveRestored(read);
    expect(emergencyGetAll('measurements')).toEqual([{ id: 'm2', note: 'edited meanwhile' }]);
    emergencyRemoveRestored(emergencyEntries());
    expect(localStorage.getItem(EMERGENCY_KEY)).toBeNull();
    expect(backupKeys()).toEqual([]);
  });
});
