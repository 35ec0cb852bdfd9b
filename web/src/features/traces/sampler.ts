// The vehicle-trace sampling rule (issue 12 point 11), pure: fed fixes and times, it says
// which fixes become trace points and where the trace has a gap. No clock, no GPS, no DOM.
//
// The rule: a fix is recorded when at least MIN_INTERVAL_MS passed (the setting 'Vehicle
// trace interval (s)', 1 s by default) AND the vehicle moved at least MIN_DISTANCE_M since
// the last recorded point ("at most one a second and at least
// every 10 m moved": a point each 10 m, never two within a second; a vehicle standing still
// records nothing). The first fix of a recording, and the first after a gap, is always
// recorded. A gap is: no fix for more than GAP_AFTER_MS (the fix was lost: the next fix
// arrived more than 10 s after the one before), or a break the recorder reports (the page
// was hidden, recording was switched off and on). The point after a gap carries
// `gapBefore: true`; the core's exporters start a new segment there (GPX <trkseg>, GeoJSON
// MultiLineString, KML MultiGeometry), so no line is drawn across the gap.
import type { GpsState } from '../gps';

/** At most one point per second (the default of the setting 'Vehicle trace interval (s)'). */
export const MIN_INTERVAL_MS = 1_000;
/** A point each 10 m moved. */
export const MIN_DISTANCE_M = 10;
/** No fix for longer than this is a gap (the SPEC §9 serial timeout; the stale-fix limit). */
export const GAP_AFTER_MS = 10_000;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Great-circle distance in metres (the core's haversine in the app). */
export type DistanceM = (from: LatLon, to: LatLon) => number;

/** A usable position from the GPS service. */
export interface TraceFix {
  latitude: number;
  longitude: number;
  /** km/h */
  speed: number | null;
  /** degrees true */
  heading: number | null;
  /** ms since the epoch when the position arrived. */
  at: number;
}

/** A fix chosen for the trace. */
export interface TraceSample extends TraceFix {
  /** The trace has a gap before this point (the first point of a recording has one too). */
  gapBefore: boolean;
}

/**
 * The position to offer the sampler, or null when there is none worth recording: no
 * source, no position, 'No Fix', or a fix older than GAP_AFTER_MS at `now` (stale).
 */
export function traceFixFrom(gps: Pick<GpsState, 'source' | 'latitude' | 'longitude' | 'fixQuality' | 'lastUpdate' | 'speed' | 'course'>, now: number): TraceFix | null {
  if (gps.source === 'none' || gps.fixQuality === 'No Fix') return null;
  if (gps.latitude === null || gps.longitude === null || gps.lastUpdate === null) return null;
  if (now - gps.lastUpdate > GAP_AFTER_MS) return null;
  return { latitude: gps.latitude, longitude: gps.longitude, speed: gps.speed, heading: gps.course, at: gps.lastUpdate };
}

export class TraceSampler {
  private readonly distanceM: DistanceM;
  /** The least time between two points (ms). */
  minIntervalMs: number;
  private last: TraceFix | null = null;
  private lastFixAt: number | null = null;
  private gapPending = true;

  constructor(distanceM: DistanceM, minIntervalMs = MIN_INTERVAL_MS) {
    this.distanceM = distanceM;
    this.minIntervalMs = minIntervalMs;
  }

  /** Offers a fix; returns the point to record, or null. A fix seen already is ignored. */
  offer(fix: TraceFix): TraceSample | null {
    if (this.lastFixAt !== null && fix.at <= this.lastFixAt) return null;
    if (this.lastFixAt !== null && fix.at - this.lastFixAt > GAP_AFTER_MS) this.gapPending = true;
    this.lastFixAt = fix.at;
    const last = this.last;
    if (!this.gapPending && last !== null) {
      if (fix.at - last.at < this.minIntervalMs) return null;
      const moved = this.distanceM({ lat: last.latitude, lon: last.longitude }, { lat: fix.latitude, lon: fix.longitude });
      if (!(moved >= MIN_DISTANCE_M)) return null;
    }
    const sample: TraceSample = { ...fix, gapBefore: this.gapPending };
    this.gapPending = false;
    this.last = fix;
    return sample;
  }

  /** The page was hidden, or recording paused: the next point starts a new segment. */
  breakSegment(): void {
    this.gapPending = true;
  }
}
