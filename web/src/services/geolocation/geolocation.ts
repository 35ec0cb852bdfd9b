// The browser's own location: the failsafe when no serial GPS receiver is connected.

/** The Permissions API state for geolocation, or 'unsupported' when the API is missing. */
export type LocationPermission = PermissionState | 'unsupported';

export async function queryLocationPermission(): Promise<LocationPermission> {
  if (typeof navigator === 'undefined' || !navigator.permissions?.query) return 'unsupported';
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'unsupported';
  }
}

export class GeolocationError extends Error {
  readonly code: 'unsupported' | 'permission-denied' | 'position-unavailable' | 'timeout';

  constructor(code: GeolocationError['code'], message: string) {
    super(message);
    this.name = 'GeolocationError';
    this.code = code;
  }
}

const ERROR_CODES: Record<number, GeolocationError['code']> = {
  1: 'permission-denied',
  2: 'position-unavailable',
  3: 'timeout',
};

/** One position fix from the browser; asks for permission if the browser has not yet. */
export function requestCurrentPosition(options: PositionOptions = {}): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new GeolocationError('unsupported', 'This browser cannot report its location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, (error) => {
      reject(new GeolocationError(ERROR_CODES[error.code] ?? 'position-unavailable', error.message));
    }, options);
  });
}

/** SPEC §4/§9: the first browser fix — wait up to 60000 ms for a fresh position (maximum age 0). */
export const FIRST_FIX_OPTIONS: Readonly<PositionOptions> = Object.freeze({ timeout: 60_000, maximumAge: 0 });

/** SPEC §4/§9: then a watch — 120000 ms timeout, positions up to 5000 ms old, high accuracy. */
export const WATCH_OPTIONS: Readonly<PositionOptions> = Object.freeze({
  timeout: 120_000,
  maximumAge: 5_000,
  enableHighAccuracy: true,
});

/** W3C error codes of GeolocationPositionError. */
export const PERMISSION_DENIED = 1;
export const POSITION_UNAVAILABLE = 2;
export const TIMEOUT = 3;

/** The part of `navigator.geolocation` the GPS failsafe uses (a fake stands in for it in tests). */
export interface GeolocationLike {
  getCurrentPosition(success: PositionCallback, error: PositionErrorCallback, options: PositionOptions): void;
  watchPosition(success: PositionCallback, error: PositionErrorCallback, options: PositionOptions): number;
  clearWatch(id: number): void;
}

/** The browser's geolocation, or null when it has none (or the page is not a secure context). */
export function browserGeolocation(): GeolocationLike | null {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return null;
  return navigator.geolocation;
}
