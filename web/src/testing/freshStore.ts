// For vitest: each test on a fresh, empty local store over fake-indexeddb (jsdom has no
// IndexedDB): a new in-memory IndexedDB, no emergency copies, no localStorage, no mocks left.
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetEmergencyDbForTests } from '../services/storage/emergencyDb';
import { resetStorageForTests } from '../services/storage/storageService';

export function withFreshStore(): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetEmergencyDbForTests();
    resetStorageForTests();
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetStorageForTests();
  });
}
