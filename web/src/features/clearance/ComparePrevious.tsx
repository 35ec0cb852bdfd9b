// 'Compare with previous survey' (issue 15 point 6): a file picker for an earlier survey of
// the same route (a backup, the JSON export or a SPEC CSV), read by the core; what is kept,
// and 'Stop comparing'. The chip beside each measurement's clearance says what changed.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { Measurement } from '../../model';
import { forgetPreviousSurvey, keepPreviousSurvey, previousSurveyOf, usePreviousSurvey } from './previousSurvey';
import { useClearanceCore } from './useClearance';

export function ComparePrevious({ surveyId }: { surveyId: string }) {
  const core = useClearanceCore();
  const previous = usePreviousSurvey(surveyId);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !core) return;
    setBusy(true);
    setProblem(null);
    try {
      const pois = core.readPreviousSurvey(new Uint8Array(await file.arrayBuffer()));
      if (!keepPreviousSurvey(surveyId, file.name, pois)) {
        setProblem('The comparison could not be kept on this device (storage is full or off); it lasts until the page is closed.');
      }
    } catch (error) {
      setProblem(`${file.name} cannot be compared: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="compare-previous" role="group" aria-label="Previous survey">
      <input ref={input} id={inputId} type="file" accept=".zip,.json,.csv,application/zip,application/json,text/csv" hidden onChange={(e) => void pick(e)} aria-label="Previous survey file" />
      <button type="button" className="button" disabled={!core || busy} onClick={() => input.current?.click()}>
        Compare with previous survey
      </button>
      {previous && (
        <>
          <span role="status">
            Compared with {previous.fileName} ({previous.pois.length.toLocaleString('en')} POIs): each POI against the nearest of its type within 25 m.
          </span>{' '}
          <button type="button" className="button" onClick={forgetPreviousSurvey}>
            Stop comparing
          </button>
        </>
      )}
      {problem && (
        <p role="alert" className="rangefinder__rejected">
          {problem}
        </p>
      )}
    </div>
  );
}

/** What changed since the previous survey at this POI, as a chip beside its clearance chip. */
export function PreviousChip({ measurement }: { measurement: Measurement }) {
  const core = useClearanceCore();
  const previous = usePreviousSurvey(measurement.user_id);
  if (!core || !previous) return null;
  const [c] = core.compareWithPrevious([measurement], previous.pois);
  if (!c) return null;
  return (
    <span
      className={`previous-chip previous-chip--${c.change}`}
      data-change={c.change}
      title={`Previous survey: ${c.previousLabel}, ${c.distanceM.toFixed(1)} m away`}
    >
      {c.wording}
    </span>
  );
}

/** The previous survey's POIs for the report, or null (read when the report is made). */
export function previousPoisFor(surveyId: string | null | undefined) {
  return previousSurveyOf(surveyId)?.pois ?? null;
}
