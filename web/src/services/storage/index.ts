// The local store (docs/local-store.md): IndexedDB in layout A, emergency localStorage,
// flags. Features import from here.
export {
  addItem,
  countByIndex,
  deleteByIdPrefix,
  deleteByIndex,
  getByIdPrefix,
  deleteItem,
  getAllItems,
  getByIndex,
  getItem,
  getStorageMode,
  initStorage,
  probe,
  saveItem,
  saveMeasurement,
  subscribeStorage,
  DEFAULT_CONFIG,
} from './storageService';
export type { SaveOutcome, StorageConfig, StorageEvent, StorageMode } from './storageService';
export { ItemExistsError, MESSAGES, StorageError, isStorageError } from './errors';
export type { StorageErrorCode } from './errors';
export { subscribeChanges } from './changes';
export {
  forgetMeasurement,
  forgetPendingSurvey,
  keepPendingSurvey,
  pendingSurveys,
  recentMeasurements,
  rememberMeasurement,
} from './localCopies';
export type { StoreChange } from './changes';
export { BACKUP_PREFIX, BACKUPS_KEPT, EMERGENCY_KEY } from './emergencyStore';
export { DB_NAME, SCHEMA_VERSION, STORES, STORE_NAMES, SINGLE_STORE } from './schema';
export type { StoreName, StoredItem } from './schema';
