// The survey's alert log as the UI reads it: every alert, newest first, read again on each
// database-change signal for the alerts store (this tab, other tabs, a recovery).
import { useEffect, useState } from 'react';
import type { Alert } from '../../model';
import { stores, subscribeChanges } from '../../services/storage';
import type { AlertRecord } from './alertLog';

export type AlertsState = { status: 'loading' } | { status: 'ready'; alerts: AlertRecord[] } | { status: 'failed'; message: string };

/** A stored alert with a kind and message (an older record without them shows its fields as text). */
function asRecord(alert: Alert): AlertRecord {
  const { id, surveyId, createdAt, kind, message, ...rest } = alert;
  return {
    ...rest,
    id,
    surveyId,
    createdAt: typeof createdAt === 'string' ? createdAt : typeof createdAt === 'number' ? new Date(createdAt).toISOString() : '',
    kind: typeof kind === 'string' && kind ? kind : 'other',
    message: typeof message === 'string' ? message : JSON.stringify(rest),
  };
}

export function useAlerts(surveyId: string): AlertsState {
  const [state, setState] = useState<{ surveyId: string; value: AlertsState } | null>(null);
  useEffect(() => {
    let live = true;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const all = await stores.alerts.ofSurvey(surveyId);
          if (live && !again) setState({ surveyId, value: { status: 'ready', alerts: all.map(asRecord).reverse() } });
        } while (again && live);
      } catch (error) {
        if (live) setState({ surveyId, value: { status: 'failed', message: error instanceof Error ? error.message : String(error) } });
      } finally {
        reading = false;
      }
    };
    void read();
    const off = subscribeChanges((change) => {
      if (change.store === 'alerts' || change.store === '*') void read();
    });
    return () => {
      live = false;
      off();
    };
  }, [surveyId]);
  return state?.surveyId === surveyId ? state.value : { status: 'loading' };
}
