// The vehicle-trace section of the survey workspace (issue 12 point 11): the switch 'Record
// vehicle trace' (the survey's enableVehicleTrace, saved on the survey record by the
// caller), whether it records or waits for a fix, how many trace points the survey has,
// where the last batch went when the database failed (SPEC §8: emergency storage), and
// the screen wake lock's state.
import { useId, useState } from 'react';
import type { Survey } from '../../model';
import { useGps, useNow } from '../gps';
import type { BatchResult } from './batcher';
import { traceFixFrom } from './sampler';
import { traceEnabled, useStoredTraceCount, useTraceStatus } from './TraceRecording';
import { describeWakeLock } from './wakeLock';

export interface TracePanelProps {
  survey: Survey;
  /** Saves the survey's enableVehicleTrace; rejects with the error to show. */
  onEnabledChange(enabled: boolean): Promise<void>;
}

/** What the surveyor must know about the last batch: nothing when it reached the database. */
function batchProblem(batch: BatchResult): string | null {
  if (batch.kind === 'failed') return `Trace points could not be saved (${batch.message}); they are kept in memory and tried again`;
  if (batch.outcome.savedIn === 'indexeddb') return null;
  const where = batch.outcome.tier === 'durable' ? 'the emergency database' : 'local storage (a browser crash can lose them)';
  return `The database failed: trace points saved to ${where}`;
}

export function TracePanel({ survey, onEnabledChange }: TracePanelProps) {
  const headingId = useId();
  const switchId = useId();
  const status = useTraceStatus();
  const stored = useStoredTraceCount(survey.id);
  const gps = useGps();
  const now = useNow(1000);
  // The switch shows the surveyor's choice at once, while it is being saved.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enabled = traceEnabled(survey);
  const saving = wanted !== null;
  const recording = status.recording && status.surveyId === survey.id;

  const toggle = async (next: boolean) => {
    setWanted(next);
    setError(null);
    try {
      await onEnabledChange(next);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setWanted(null);
    }
  };

  const state = !enabled
    ? 'Off'
    : status.error
      ? `Not recording: ${status.error}`
      : !recording
        ? 'Starting…'
        : traceFixFrom(gps, now)
          ? 'Recording'
          : 'Waiting for a GPS fix';
  const problem = recording && status.lastBatch ? batchProblem(status.lastBatch) : null;

  return (
    <section aria-labelledby={headingId} className="trace-panel">
      <h3 id={headingId}>Vehicle trace</h3>
      <div className="field field--check">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={wanted ?? enabled}
          disabled={saving}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor={switchId}>Record vehicle trace</label>
      </div>
      {error && <p role="alert">{error}</p>}
      <dl className="trace-panel__facts">
        <div>
          <dt>Trace</dt>
          <dd>{state}</dd>
        </div>
        <div>
          <dt>Trace points</dt>
          <dd>
            {stored === null ? '…' : `${stored.toLocaleString()} recorded`}
            {recording && status.waiting > 0 ? ` (${status.waiting} waiting to be saved)` : ''}
          </dd>
        </div>
        <div>
          <dt>Screen</dt>
          <dd>{describeWakeLock(status.wakeLock)}</dd>
        </div>
      </dl>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
