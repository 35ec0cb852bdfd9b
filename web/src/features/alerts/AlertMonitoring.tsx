// Feeds the alert log of the active survey, on every page (mounted once by the app shell):
// while the survey's enableAlertLog is on (SPEC §3: default true), GPS transitions
// (transitions.ts; checked on each GPS update and once a second, since a fix goes stale
// without any update) and the local store's emergency events become alerts.
import { useEffect } from 'react';
import type { Survey } from '../../model';
import { getStorageMode, subscribeStorage } from '../../services/storage';
import { useGpsController } from '../gps';
import { logAlert, setAlertLogTarget } from './alertLog';
import { GpsAlertWatcher, storageAlert, type AlertDraft } from './transitions';

/** Whether the survey keeps an alert log (SPEC §3: default true). */
export const alertLogEnabled = (survey: Pick<Survey, 'enableAlertLog'>): boolean => survey.enableAlertLog !== false;

/** How often the fix's age is checked when nothing else happens. */
export const ALERT_CHECK_MS = 1_000;

const log = (draft: AlertDraft) => void logAlert(draft.kind, draft.message, draft.fields);

export function AlertMonitoring({ survey }: { survey: Survey | null }) {
  const surveyId = survey && alertLogEnabled(survey) ? survey.id : null;
  useEffect(() => {
    setAlertLogTarget(surveyId);
    return () => setAlertLogTarget(null);
  }, [surveyId]);
  return surveyId ? <GpsAlerts surveyId={surveyId} /> : null;
}

function GpsAlerts({ surveyId }: { surveyId: string }) {
  const gps = useGpsController();
  useEffect(() => {
    const watcher = new GpsAlertWatcher();
    const check = () => watcher.observe(gps.latest(), Date.now()).forEach(log);
    check();
    const offGps = gps.subscribe(check);
    const timer = window.setInterval(check, ALERT_CHECK_MS);
    // Emergency mode entered before this survey's log started is logged once now.
    if (getStorageMode() === 'emergency') log({ kind: 'storage-emergency', message: 'Using emergency storage mode' });
    const offStorage = subscribeStorage((event) => {
      const draft = storageAlert(event);
      if (draft) log(draft);
    });
    return () => {
      offGps();
      offStorage();
      window.clearInterval(timer);
    };
  }, [gps, surveyId]);
  return null;
}
