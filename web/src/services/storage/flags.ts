// Typed access to the SPEC §3 local flags (the raw keys are in localFlags.ts and
// docs/app-shell.md). Booleans are stored as 'true' / 'false'.
import { readFlag, removeFlag, writeFlag } from './localFlags';

export type BooleanFlag = 'app_access' | 'permissions_requested' | 'gps_permission_granted' | 'gps_failsafe_enabled';

/** true / false when set, null when absent or not a boolean. */
export function readBooleanFlag(key: BooleanFlag): boolean | null {
  const value = readFlag(key);
  return value === 'true' ? true : value === 'false' ? false : null;
}

export function writeBooleanFlag(key: BooleanFlag, value: boolean): boolean {
  return writeFlag(key, value ? 'true' : 'false');
}

export function readCurrentUserId(): string | null {
  const id = readFlag('current_user_id');
  return id === null || id === '' ? null : id;
}

/** SPEC §4: on sign-in the current user id is kept in local storage. */
export function writeCurrentUserId(id: string): boolean {
  return writeFlag('current_user_id', id);
}

/** The last completed sync; reads ISO 8601 text or epoch milliseconds. */
export function readLastSyncTime(): Date | null {
  const value = readFlag('lastSyncTime');
  if (value === null || value.trim() === '') return null;
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function writeLastSyncTime(time: Date): boolean {
  return writeFlag('lastSyncTime', time.toISOString());
}

/**
 * SPEC §4: on sign-out the stored user id and lastSyncTime are removed; so is where the map
 * last showed this user's position (not the next user's business on a shared device).
 */
export function clearSignedInUser(): void {
  removeFlag('current_user_id');
  removeFlag('lastSyncTime');
  removeFlag('map_last_position');
}
