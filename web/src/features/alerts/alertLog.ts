// The alert log's writer (SPEC §3 Alert: id, surveyId, createdAt plus caller-supplied
// fields; here always `kind` and `message`). Alerts belong to the active survey when its
// enableAlertLog is on (the app shell sets it, AlertMonitoring.tsx); otherwise nothing is
// logged. Saved through the local store's policy (SPEC §8: emergency storage when the
// database fails). Logging never throws: an alert that cannot be kept is reported on the
// console and the caller goes on.
//
// For the route planner: calculateRoute (features/routes/calculateRoute.ts) resolves to the
// `source` that answered and the `fallbacks` (each service that failed: source, code,
// message). After each calculation, the planner calls
//
//   import { logRouteFallback } from '../alerts';
//   void logRouteFallback(result);   // logs 'route-fallback' when a service failed or was skipped
//
// or, for anything else, `logAlert(kind, message, fields)`. (alerts never imports routes:
// the planner imports alerts, so the types are structural here.)
import type { Alert, JsonValue } from '../../model';
import { stores, type SaveOutcome } from '../../services/storage';
import { routeFallbackAlert, type AlertKind, type RouteOutcome } from './transitions';

/** An alert as the log stores it. */
export type AlertRecord = Alert & {
  /** ISO 8601 UTC. */
  createdAt: string;
  kind: AlertKind | (string & {});
  message: string;
};

/** Caller-supplied fields: plain JSON, stored with the alert. */
export type AlertFields = Record<string, JsonValue>;

let target: { surveyId: string } | null = null;

/** Where alerts go: the survey's id while its alert log is on, else null (nothing is logged). */
export function setAlertLogTarget(surveyId: string | null): void {
  target = surveyId === null ? null : { surveyId };
}

export function alertLogTarget(): string | null {
  return target?.surveyId ?? null;
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Builds the record of an alert (caller fields first: id, surveyId, createdAt, kind and message win). */
export function buildAlert(surveyId: string, kind: string, message: string, fields: AlertFields = {}, now = new Date(), id = newId()): AlertRecord {
  return { ...fields, id, surveyId, createdAt: now.toISOString(), kind, message };
}

export interface LoggedAlert {
  alert: AlertRecord;
  outcome: SaveOutcome;
}

/**
 * Logs an alert for the active survey. Resolves to the record and where it was saved, or
 * null when no survey keeps an alert log now, or when it could not be saved at all.
 */
export async function logAlert(kind: AlertKind | (string & {}), message: string, fields: AlertFields = {}): Promise<LoggedAlert | null> {
  const surveyId = target?.surveyId;
  if (!surveyId) return null;
  const alert = buildAlert(surveyId, kind, message, fields);
  try {
    return { alert, outcome: await stores.alerts.save(alert) };
  } catch (error) {
    console.error(`Alert "${kind}: ${message}" could not be saved:`, error);
    return null;
  }
}

/** Logs the route calculation's fallback, if it had one (see routeFallbackAlert). */
export async function logRouteFallback(result: RouteOutcome): Promise<LoggedAlert | null> {
  const draft = routeFallbackAlert(result);
  return draft ? logAlert(draft.kind, draft.message, draft.fields) : null;
}
