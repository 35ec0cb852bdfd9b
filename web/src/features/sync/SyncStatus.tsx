// The workspace's cloud-sync line for the active survey (issue 13 point 9): 'N of M synced',
// the last sync time, any error in words, and 'Sync now'. It never reports a success when
// nothing was uploaded: the counts come from the outbox, the words from the engine's phase.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { outbox, subscribeChanges, type SurveyProgress } from '../../services/storage';
import type { SyncPhase, SyncState } from './engine';
import { syncEngine } from './autoSync';

function useSyncState(): SyncState {
  const engine = syncEngine();
  return useSyncExternalStore(
    (listener) => engine.subscribe(listener),
    () => engine.getState(),
  );
}

function useProgress(surveyId: string | null, state: SyncState): SurveyProgress | null {
  // Kept with the survey it counts, so a switch of survey never shows the previous counts.
  const [progress, setProgress] = useState<{ surveyId: string; counts: SurveyProgress | null } | null>(null);
  useEffect(() => {
    if (!surveyId) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      outbox.progress(surveyId).then(
        (counts) => live && setProgress({ surveyId, counts }),
        () => live && setProgress({ surveyId, counts: null }),
      );
    };
    read();
    // Coalesced: a burst of saves or acknowledgements reads the counts once.
    const unsubscribe = subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(read, 250);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [surveyId, state.phase, state.uploaded]);
  return progress && progress.surveyId === surveyId ? progress.counts : null;
}

/** What the last run did, in words (null when there is nothing to say). */
export function phaseMessage(phase: SyncPhase, uploaded: number, pending: number | null): string | null {
  switch (phase) {
    case 'syncing':
      return `Uploading… ${uploaded} change${uploaded === 1 ? '' : 's'} acknowledged so far.`;
    case 'offline':
      return 'Offline: the changes will upload when the connection returns.';
    case 'signed-out':
      return 'Sign in to sync your surveys to the cloud.';
    case 'not-approved':
      return 'Your account is not approved yet: nothing was uploaded.';
    case 'error':
      return null;
    case 'idle':
      if (pending !== null && pending > 0) return `${pending} measurement${pending === 1 ? '' : 's'} still waiting to upload.`;
      return uploaded > 0 ? `Uploaded ${uploaded} change${uploaded === 1 ? '' : 's'}.` : null;
  }
}

export function SyncStatus({ surveyId }: { surveyId: string | null }) {
  const state = useSyncState();
  const progress = useProgress(surveyId, state);
  const synced = progress ? progress.total - progress.pending : null;
  const message = phaseMessage(state.phase, state.uploaded, progress?.pending ?? null);
  return (
    <section className="panel sync-status" aria-labelledby="sync-status-title">
      <h3 id="sync-status-title">Cloud sync</h3>
      <p role="status" aria-label="Sync progress">
        {progress && synced !== null
          ? `${synced} of ${progress.total} synced`
          : surveyId
            ? 'Counting measurements…'
            : 'No active survey.'}
      </p>
      <p>
        Last sync:{' '}
        {state.lastSyncTime ? <time dateTime={state.lastSyncTime.toISOString()}>{state.lastSyncTime.toLocaleString()}</time> : 'never'}
      </p>
      {message && <p aria-live="polite">{message}</p>}
      {state.error && (
        <p role="alert" className="sync-status__error">
          {state.error}
          {state.retryAt ? ` Next try at ${new Date(state.retryAt).toLocaleTimeString()}.` : ''}
        </p>
      )}
      <button type="button" onClick={() => void syncEngine().syncNow()} disabled={state.phase === 'syncing'}>
        Sync now
      </button>
    </section>
  );
}
