// The laser's height above the road (Settings → Laser, 'Laser height above the road'): a
// single shot measures from the laser, so its height above the road adds to the reading; the
// device's height, 3-shot and missing-line routines measure from the road themselves
// (docs/clearance.md).
import type { RangefinderReading } from './readingSource';

/** The readings that measure from the laser itself: one shot aimed up, a Bluetooth distance held plumb. */
const FROM_THE_LASER: ReadonlySet<RangefinderReading['kind']> = new Set(['vertical', 'distance']);

export interface AboveRoad {
  /** The clearance above the road, metres. */
  metres: number;
  /** What was added (the measurement's `groundRef`); null when nothing was. */
  groundRef: number | null;
}

/** A reading as a height above the road, given the laser's height above it (metres). */
export function aboveRoad(reading: Pick<RangefinderReading, 'metres' | 'kind'>, groundReference: number): AboveRoad {
  if (!FROM_THE_LASER.has(reading.kind) || !Number.isFinite(groundReference) || groundReference === 0) {
    return { metres: reading.metres, groundRef: null };
  }
  return { metres: reading.metres + groundReference, groundRef: groundReference };
}
