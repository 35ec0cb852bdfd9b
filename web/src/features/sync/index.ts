// The sync feature (docs/sync.md): the outbox's uploader (engine.ts), its wiring to the
// session, the connection and the local store (autoSync.ts), and the workspace's status line.
export { BACKOFF_MS, BATCH_SIZE, SyncEngine, describeSyncError } from './engine';
export type { MeasurementsSyncedHook, SyncGate, SyncPhase, SyncResult, SyncState, SyncTransport } from './engine';
export { startAutoSync, syncEngine } from './autoSync';
export { SYNC_KINDS, writeFor } from './payloads';
export type { PayloadContext, SyncKind } from './payloads';
export { SyncStatus } from './SyncStatus';
