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
