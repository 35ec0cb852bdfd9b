// How much room the local store has (settings shows it) and asking the browser to keep it
// (navigator.storage.persist(): a persisted origin is not evicted under storage pressure).

/** The share of the quota from which settings warns the surveyor. */
export const STORAGE_WARNING_RATIO = 0.8;

export interface StorageUse {
  usedBytes: number;
  quotaBytes: number;
  /** usedBytes / quotaBytes, 0 when the quota is unknown. */
  ratio: number;
  /** Whether the browser promised not to evict the data (null when it cannot say). */
  persisted: boolean | null;
}

/** The origin's use and quota, or null when the browser does not tell. */
export async function storageUse(): Promise<StorageUse | null> {
  const manager = globalThis.navigator?.storage;
  if (!manager?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await manager.estimate();
    const persisted = manager.persisted ? await manager.persisted() : null;
    return { usedBytes: usage, quotaBytes: quota, ratio: quota > 0 ? usage / quota : 0, persisted };
  } catch {
    return null;
  }
}

/** Asks the browser to keep this origin's data under storage pressure; true when granted. */
export async function requestPersistence(): Promise<boolean> {
  const manager = globalThis.navigator?.storage;
  if (!manager?.persist) return false;
  try {
    if (manager.persisted && (await manager.persisted())) return true;
    return await manager.persist();
  } catch {
    return false;
  }
}
