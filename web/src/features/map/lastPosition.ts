// Where the field map last showed a fix, kept so the map opens there: a surveyor who restarts
// the app in the field sees their area (and their offline basemap's tiles) at once, not the
// whole world until the receiver's first fix. FieldMap keeps one only during a survey and
// only from a real fix.
import { readFlag, writeFlag } from '../../services/storage/localFlags';

/** The zoom the map follows a position at, and opens at on the last position. */
export const FOLLOW_ZOOM = 15;
/** A new position is kept at most this often (a 20 Hz receiver must not write 20 times a second). */
export const REMEMBER_EVERY_MS = 10_000;

let lastWrite = Number.NEGATIVE_INFINITY;

/** 4 decimals: about 11 m, enough for a view at FOLLOW_ZOOM and no more precise than that. */
const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/**
 * Keeps `at` ([longitude, latitude]) as the last position, unless one was kept less than
 * REMEMBER_EVERY_MS ago (`now` from the monotonic clock: a device clock set back must not
 * stop it).
 */
export function rememberPosition(at: readonly [number, number], now = performance.now()): void {
  if (now - lastWrite < REMEMBER_EVERY_MS) return;
  lastWrite = now;
  writeFlag('map_last_position', JSON.stringify({ lng: round(at[0]), lat: round(at[1]) }));
}

const valid = (value: unknown, limit: number): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The last position kept ([longitude, latitude]), or null when there is none or it is unreadable. */
export function lastPosition(): [number, number] | null {
  const text = readFlag('map_last_position');
  if (!text) return null;
  try {
    const { lng, lat } = JSON.parse(text) as { lng?: unknown; lat?: unknown };
    return valid(lng, 180) && valid(lat, 90) ? [lng, lat] : null;
  } catch {
    return null;
  }
}

/** Forgets when the last position was kept (tests). */
export function resetRememberClock(): void {
  lastWrite = Number.NEGATIVE_INFINITY;
}
