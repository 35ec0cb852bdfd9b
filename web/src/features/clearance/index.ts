// The clearance feature (issue 15): the survey's load profile, each clearance's margin and
// status against it, display units, readings per lane and the laser rangefinder.
export { ClearanceBadge, ClearanceChip } from './ClearanceBadge';
export { LoadProfilePanel } from './LoadProfilePanel';
export { ConnectRangefinder } from './ConnectRangefinder';
export { LaneReadings } from './LaneReadings';
export { useRangefinderReadings, type RangefinderReading } from './rangefinderController';
export { useClearanceCore, useUnits, parseFigure } from './useClearance';
