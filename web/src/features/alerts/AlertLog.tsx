// The section 'Alert log' of the survey workspace (issue 12 point 12): the survey's alerts,
// newest first, each with its time, kind and message, filtered by kind. Only the newest
// SHOWN_AT_MOST are in the page; the exports and the backup carry them all.
import { useId, useState } from 'react';
import { ALERT_KINDS, kindLabel } from './transitions';
import { useAlerts } from './useAlerts';

export const SHOWN_AT_MOST = 200;
const ALL = '';

export function AlertLog({ surveyId, enabled }: { surveyId: string; enabled: boolean }) {
  const headingId = useId();
  const filterId = useId();
  const [kind, setKind] = useState(ALL);
  const state = useAlerts(surveyId);
  const alerts = state.status === 'ready' ? state.alerts : [];
  const known = new Set(ALERT_KINDS.map((k) => k.kind as string));
  const others = [...new Set(alerts.map((a) => a.kind))].filter((k) => !known.has(k)).sort();
  const shown = kind === ALL ? alerts : alerts.filter((a) => a.kind === kind);

  return (
    <section aria-labelledby={headingId} className="alert-log">
      <h3 id={headingId}>Alert log</h3>
      {!enabled && <p>The alert log is off for this survey: nothing new is logged.</p>}
      <div className="field">
        <label htmlFor={filterId}>Alert kind</label>
        <select id={filterId} value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value={ALL}>All kinds</option>
          {ALERT_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
          {others.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' && <p role="status">Loading alerts…</p>}
      {state.status === 'failed' && <p role="alert">The alert log could not be read: {state.message}</p>}
      {state.status === 'ready' && (
        <>
          <p className="alert-log__count">
            {shown.length === 0
              ? kind === ALL
                ? 'No alerts yet'
                : 'No alerts of this kind'
              : `${shown.length.toLocaleString()} ${shown.length === 1 ? 'alert' : 'alerts'}${shown.length > SHOWN_AT_MOST ? `, the newest ${SHOWN_AT_MOST} shown` : ''}`}
          </p>
          {shown.length > 0 && (
            <ol className="alert-log__list" aria-label="Alerts, newest first">
              {shown.slice(0, SHOWN_AT_MOST).map((alert) => (
                <li key={alert.id}>
                  <time dateTime={alert.createdAt}>{new Date(alert.createdAt).toLocaleString()}</time>
                  {' · '}
                  <span className="alert-log__kind">{kindLabel(alert.kind)}</span>
                  {' · '}
                  <span className="alert-log__message">{alert.message}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
