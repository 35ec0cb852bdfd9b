import { readFlag, writeFlag } from '../../services/storage/localFlags';

/** Whether the surveyor has entered the app on this device (localStorage app_access). */
export function hasAppAccess(): boolean {
  return readFlag('app_access') === 'true';
}

/** Entering the app needs no account: data stays on the device until someone signs in. */
export function grantAppAccess(): void {
  writeFlag('app_access', 'true');
}

export function permissionsRequested(): boolean {
  return readFlag('permissions_requested') === 'true';
}

/** Records the answer of the location-permission screen. `granted` is null for Skip. */
export function recordPermissionAnswer(granted: boolean | null): void {
  if (granted !== null) writeFlag('gps_permission_granted', granted ? 'true' : 'false');
  writeFlag('permissions_requested', 'true');
}
