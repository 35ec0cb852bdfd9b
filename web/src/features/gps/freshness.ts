// Is the position good enough to record? The GPS panel and the capture form say the same.
import type { GpsState } from './gpsState';

/** A fix older than this is flagged stale: the SPEC §9 serial timeout. */
export const STALE_FIX_MS = 10_000;
export const NO_FIX_WARNING = 'No GPS fix';
export const STALE_FIX_WARNING = 'GPS fix is stale';

/** The warning to show for this state at `now`, or null when the fix is current. */
export function fixWarning(gps: Pick<GpsState, 'lastUpdate' | 'latitude' | 'fixQuality'>, now: number): string | null {
  const noFix = gps.lastUpdate === null || gps.latitude === null || gps.fixQuality === 'No Fix';
  if (noFix) return NO_FIX_WARNING;
  return gps.lastUpdate !== null && now - gps.lastUpdate > STALE_FIX_MS ? STALE_FIX_WARNING : null;
}
