// The storage feature: the SPEC §8 storage toasts, the start-up of the local store, and
// the storage panel of settings (use, quota, persistence).
export { StorageStartup } from './StorageStartup';
export { StorageUsage } from './StorageUsage';
export { downloadRescueFile, noticeFor, startStorage } from './storageNotices';
export { useStoreRead } from './useStoreRead';
export type { StoreRead } from './useStoreRead';
