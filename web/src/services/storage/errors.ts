// Errors of the local store. Each message a user may see is the exact text of SPEC §5/§8.

export const MESSAGES = {
  /** SPEC §5 "Local items". */
  exists: 'Item already exists',
  /** SPEC §8: thrown when localStorage refuses a write (quota, disabled). */
  localWrite: 'Failed to save data to local storage',
  /** SPEC §8 database errors, step 2: the measurement is safe in emergency storage. */
  savedLocally:
    'Database temporarily unavailable. Your data has been saved locally and will be restored automatically.',
  /** SPEC §8 database errors, step 3: neither IndexedDB nor localStorage took it. */
  criticalSave: 'Critical error: Unable to save measurement. Please try refreshing the page.',
  /** SPEC §8: storage initialization failed (no IndexedDB and no localStorage). */
  criticalStorage: 'Critical storage error. Please clear your browser data and try again.',
} as const;

export type StorageErrorCode =
  /** add() of an id that is already stored. */
  | 'exists'
  /** IndexedDB is missing, refused, or failed to open. */
  | 'unavailable'
  /** Another tab holds an old connection and did not let the upgrade run in time. */
  | 'blocked'
  /** The database opened but its layout cannot be used or repaired. */
  | 'corrupt'
  /** A localStorage write failed. */
  | 'local-write'
  /** A measurement could be saved nowhere. */
  | 'critical'
  /** Neither IndexedDB nor localStorage works. */
  | 'critical-storage'
  /** A record without a usable id. */
  | 'invalid';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export class ItemExistsError extends StorageError {
  constructor(options?: { cause?: unknown }) {
    super('exists', MESSAGES.exists, options);
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}
