// The survey's alert log as the UI reads it: every alert, newest first, read again on each
// database-change signal for the alerts store (this tab, other tabs, a recovery).
import type { Alert } from '../../model';
import { stores } from '../../services/storage';
import { useStoreRead } from '../storage';
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
  const read = useStoreRead(surveyId, ['alerts'], async () => (await stores.alerts.ofSurvey(surveyId)).map(asRecord).reverse());
  if (read.status === 'ready') return { status: 'ready', alerts: read.value };
  if (read.status === 'failed') return { status: 'failed', message: read.error instanceof Error ? read.error.message : String(read.error) };
  return read;
}
