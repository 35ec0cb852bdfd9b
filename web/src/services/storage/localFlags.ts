// The small flags Clearway keeps in localStorage. docs/app-shell.md explains each key.
// Only this module touches localStorage (lint enforces it): storage can be disabled or
// full (private browsing, quota), so every access is guarded and a failure reads as
// "not set" instead of breaking the page.

export type LocalFlagKey =
  /** 'true' once the surveyor chose to use the app (welcome page); guards `/`. */
  | 'app_access'
  /** 'true' once the mobile location-permission screen was answered or skipped. */
  | 'permissions_requested'
  /** 'true' / 'false': the outcome of the last browser location request. */
  | 'gps_permission_granted'
  /** 'full' or 'companion': the mobile app chosen on /mobile-select. */
  | 'device_choice'
  /** Display zoom as a percentage, e.g. '125' (also read: '125%'). */
  | 'zoomLevel'
  /** The colour theme: 'default', 'sunlight' (high contrast) or 'night' (dark). Absent = default. */
  | 'theme'
  /** 'true' / 'false': use the browser's location when serial GPS is absent or stale. Absent = on. */
  | 'gps_failsafe_enabled'
  /** The serial GPS baud rate last chosen: '4800', '9600', '38400' or '115200'. */
  | 'gps_baud_rate'
  /** The laser rangefinder's baud rate last chosen (issue 15); absent = 4800, the TruPulse preset. */
  | 'rangefinder_baud_rate'
  /**
   * The previous survey the active survey is compared with (issue 15 point 6), as JSON
   * `{"surveyId","fileName","importedAt","pois":[{label,poiType,latitude,longitude,clearanceM}]}`:
   * the core's comparable POIs only (about 100 bytes each), kept for one survey at a time.
   */
  | 'previous_survey'
  /**
   * Where the field map last showed the live position, as JSON `{"lng","lat"}`: the map opens
   * there (features/map/lastPosition.ts). Written at most every 10 s while a position shows.
   */
  | 'map_last_position'
  /** The signed-in user's id, kept on sign-in and removed on sign-out (SPEC §4). */
  | 'current_user_id'
  /** When cloud sync last completed: an ISO 8601 time; removed on sign-out (SPEC §4). */
  | 'lastSyncTime'
  /**
   * Where the Firebase emulators listen when no real project is configured, as JSON
   * `{"auth":"127.0.0.1:9099","firestore":"127.0.0.1:8080"}`; absent = firebase/firebase.json's
   * ports. Ignored with a real project (services/firebase/config.ts).
   */
  | 'firebase_emulators';

export function readFlag(key: LocalFlagKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores a flag; returns false when storage refused it (the value then lasts this visit only). */
export function writeFlag(key: LocalFlagKey, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeFlag(key: LocalFlagKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}
