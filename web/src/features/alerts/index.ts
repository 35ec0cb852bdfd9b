// The alerts feature (issue 12 point 12): the alert log of the active survey — GPS lost,
// regained and stale, serial disconnected, storage emergency mode, route calculation
// fallback — its writer (logAlert, for other features) and its section in the workspace.
export { AlertLog, SHOWN_AT_MOST } from './AlertLog';
export { AlertMonitoring, alertLogEnabled } from './AlertMonitoring';
export { logAlert, logRouteFallback } from './alertLog';
export type { AlertRecord, LoggedAlert } from './alertLog';
export { ALERT_KINDS, kindLabel, routeFallbackAlert } from './transitions';
export type { AlertDraft, AlertKind, RouteOutcome } from './transitions';
