// The clearance feature (issue 15): the survey's load profile, each clearance's margin and
// status against it, display units, readings per lane, the laser rangefinder (serial and
// Bluetooth) and the comparison with a previous survey of the route.
export { ClearanceBadge, ClearanceChip } from './ClearanceBadge';
export { LoadProfilePanel } from './LoadProfilePanel';
export { LOAD_AT_CREATION_FIELDS, loadAtCreation, type LoadAtCreationKey } from './loadAtCreation';
export { ConnectRangefinder } from './ConnectRangefinder';
export { LaneReadings } from './LaneReadings';
export { aboveRoad } from './groundReference';
export { useRangefinderReadings, type RangefinderReading } from './rangefinderController';
export { useClearanceCore, useUnits, parseFigure } from './useClearance';
export { ComparePrevious, PreviousChip, previousPoisFor } from './ComparePrevious';
export { usePreviousComparison, usePreviousSurvey, previousSurveyOf } from './previousSurvey';
export { ConnectLaserBluetooth } from './ConnectLaserBluetooth';
export { PREVIOUS_CHANGE_PROPERTY, previousChangeHalo, usePreviousChangeOf, withPreviousChange, type PreviousChange } from './previousMap';
