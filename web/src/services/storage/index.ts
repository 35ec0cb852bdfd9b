// The local store (docs/local-store.md): IndexedDB in layout A, emergency storage, flags.
// Features use the typed accessors of records.ts; the generic calls are for what has none yet.
export * as stores from './records';
export {
  DEFAULT_CONFIG,
  getEmergencyTier,
  getStorageMode,
  initStorage,
  probe,
  subscribeStorage,
} from './storageService';
export type { EmergencyTier, SaveOutcome, StorageConfig, StorageEvent, StorageMode } from './storageService';
export { ItemExistsError, MESSAGES, StorageError, isStorageError } from './errors';
export type { StorageErrorCode } from './errors';
export { subscribeChanges } from './changes';
export { takeBrowserDataLoss } from './openDatabase';
export { outbox } from './outbox';
export type { PendingChange, SurveyProgress } from './outbox';
export type { OutboxEntry, SyncStore } from './schema';
export type { WriteOp } from './idbStore';
export type { StoreChange } from './changes';
export {
  forgetMeasurement,
  forgetPendingSurvey,
  keepPendingSurvey,
  pendingSurveys,
  recentMeasurements,
  recentSurveys,
  rememberMeasurement,
} from './localCopies';
export { BACKUP_PREFIX, BACKUPS_KEPT, EMERGENCY_KEY } from './emergencyLocal';
export { EMERGENCY_DB_NAME } from './emergencyDb';
export { STORAGE_WARNING_RATIO, requestPersistence, storageUse } from './quota';
export type { StorageUse } from './quota';
export { rescueExport } from './rescue';
export { DB_NAME, DB_VERSION, SCHEMA_VERSION, STORES, STORE_NAMES, SINGLE_STORE } from './schema';
export type { AutosaveRecord, CsvRowRecord, StoreName } from './schema';
