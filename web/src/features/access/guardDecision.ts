import type { AccessStatus } from '../account';
import type { LocationPermission } from '../../services/geolocation/geolocation';

/**
 * What protected content (/ and /admin/accounts) shows, decided in SPEC §2's order:
 * 1. no app_access → the welcome page;
 * 2. the account status (SPEC §4): pending → /awaiting-approval, rejected → welcome;
 * 3. on mobile only, the location-permission screen on first launch (no
 *    permissions_requested flag) or while location permission is not granted — unless
 *    the surveyor answered it during this visit;
 * 4. the content. 'loading' while a check that decides the outcome is still running.
 */
export type GuardDecision = 'welcome' | 'awaiting' | 'loading' | 'permission' | 'content';

export interface GuardInput {
  appAccess: boolean;
  accountStatus: AccessStatus;
  isMobile: boolean;
  permissionsRequested: boolean;
  /** 'checking' until the Permissions API answered. */
  locationPermission: LocationPermission | 'checking';
  /** The permission screen was answered (allowed or skipped) in this visit. */
  permissionScreenDone: boolean;
}

export function decideGuard(input: GuardInput): GuardDecision {
  if (!input.appAccess) return 'welcome';
  switch (input.accountStatus) {
    case 'checking':
      return 'loading';
    case 'pending':
      return 'awaiting';
    case 'rejected':
      return 'welcome';
    case 'allowed':
      break;
  }
  if (!input.isMobile || input.permissionScreenDone) return 'content';
  if (!input.permissionsRequested) return 'permission';
  if (input.locationPermission === 'checking') return 'loading';
  return input.locationPermission === 'granted' ? 'content' : 'permission';
}
