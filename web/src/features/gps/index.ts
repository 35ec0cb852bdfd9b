// The GPS feature: the position service (serial NMEA, browser failsafe), its panel and hooks.
export { GpsPanel } from './GpsPanel';
export { FixStatus } from './FixStatus';
export { GpsControllerContext, useGps, useGpsController, useGpsSample, useNow } from './useGps';
export { NO_FIX_WARNING, STALE_FIX_MS, STALE_FIX_WARNING, fixWarning } from './freshness';
export { GPS_DISCONNECTED } from './gpsController';
export type { GpsController } from './gpsController';
export type { GpsState, GpsView } from './gpsState';
