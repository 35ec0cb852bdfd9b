// The survey section of `/`: the active survey and its actions (new, load a previous one,
// clear, export) and the capture form (SurveyWorkspace); the measurement list, the vehicle
// trace and the alert log (SurveyRecords). The workspace places the two side by side on a
// tablet, or as tabs on a phone.
import { useEffect, useId, useRef, useState } from 'react';
import { AlertLog, alertLogEnabled } from '../alerts';
import { ImportFromCloudButton } from '../cloudImport';
import { LoadProfilePanel, useUnits } from '../clearance';
import { EXPORT_CHOICES, exportSurvey, type ExportProgress } from '../export';
import { TracePanel } from '../traces';
import { toast } from '../../ui/toast';
import { CaptureForm } from './CaptureForm';
import { MeasurementList } from './MeasurementList';
import { NewSurveyForm } from './NewSurveyForm';
import type { Survey } from './records';
import { useSurvey } from './SurveyProvider';

export function SurveyWorkspace() {
  const workspace = useSurvey();
  const headingId = useId();
  const [panel, setPanel] = useState<'none' | 'new' | 'load'>('none');
  const section = useRef<HTMLElement>(null);
  const { active, status } = workspace;

  const clear = async () => {
    if (!active) return;
    const ok = window.confirm(`Clear the survey "${active.surveyTitle}"? All its measurements will be deleted. This cannot be undone.`);
    if (!ok) return;
    try {
      await workspace.clear();
      toast({ title: 'Survey cleared', description: `"${active.surveyTitle}" is no longer active and its measurements were deleted.` });
    } catch (error) {
      toast({ title: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={headingId} className="survey-workspace" ref={section}>
      <h2 id={headingId}>Survey</h2>
      {status === 'loading' && <p role="status">Loading surveys…</p>}
      {status === 'failed' && <p role="alert">Failed to load survey</p>}
      {status === 'ready' && !active && <p className="survey-workspace__none">No active survey</p>}
      <CaptureForm />
      {active && <ActiveSurvey survey={active} lastAutoSaved={workspace.lastAutoSaved} />}
      <div className="actions">
        <button type="button" onClick={() => setPanel(panel === 'new' ? 'none' : 'new')} aria-expanded={panel === 'new'}>
          New survey
        </button>
        <button type="button" onClick={() => setPanel(panel === 'load' ? 'none' : 'load')} aria-expanded={panel === 'load'}>
          Load survey
        </button>
        <ImportFromCloudButton />
        {active && (
          <button type="button" onClick={() => void clear()}>
            Clear survey
          </button>
        )}
      </div>
      {panel === 'new' && (
        <NewSurveyForm
          onDone={() => {
            setPanel('none');
            // The new survey's first measurement is next: the capture form comes back into view.
            requestAnimationFrame(() => section.current?.querySelector('form')?.scrollIntoView({ block: 'nearest' }));
          }}
        />
      )}
      {panel === 'load' && <SurveyPicker onDone={() => setPanel('none')} />}
      {active && <ExportControls survey={active} />}
      {active && <LoadProfilePanel key={active.id} load={active.loadProfile} onSave={(loadProfile) => workspace.setOptions({ loadProfile })} />}
    </section>
  );
}

/** The active survey's records: its measurements, then its vehicle trace and alert log. */
export function SurveyRecords() {
  const workspace = useSurvey();
  const { active } = workspace;
  if (!active) return <p className="survey-workspace__none">No active survey: create or load one to record measurements.</p>;
  return (
    <>
      <MeasurementList />
      <TracePanel survey={active} onEnabledChange={(enableVehicleTrace) => workspace.setOptions({ enableVehicleTrace })} />
      <AlertLog surveyId={active.id} enabled={alertLogEnabled(active)} />
    </>
  );
}

function ActiveSurvey({ survey, lastAutoSaved }: { survey: Survey; lastAutoSaved: string | null }) {
  return (
    <dl className="survey-summary" aria-label="Active survey">
      <div>
        <dt>Survey title</dt>
        <dd>{survey.surveyTitle}</dd>
      </div>
      <div>
        <dt>Surveyor name</dt>
        <dd>{survey.surveyorName}</dd>
      </div>
      <div>
        <dt>Client name</dt>
        <dd>{survey.clientName}</dd>
      </div>
      {survey.projectNumber && (
        <div>
          <dt>Project number</dt>
          <dd>{survey.projectNumber}</dd>
        </div>
      )}
      <div>
        <dt>Last auto-save</dt>
        <dd>{lastAutoSaved ? new Date(lastAutoSaved).toLocaleTimeString() : 'not yet'}</dd>
      </div>
    </dl>
  );
}

function SurveyPicker({ onDone }: { onDone: () => void }) {
  const workspace = useSurvey();
  const [surveys, setSurveys] = useState<Survey[] | null>(null);
  const headingId = useId();
  const { listSurveys } = workspace;
  useEffect(() => {
    let live = true;
    listSurveys().then(
      (list) => live && setSurveys(list),
      () => live && setSurveys([]),
    );
    return () => {
      live = false;
    };
  }, [listSurveys]);
  const choose = async (survey: Survey) => {
    try {
      await workspace.load(survey.id);
      toast({ title: `Survey "${survey.surveyTitle}" loaded` });
      onDone();
    } catch {
      // The provider showed the SPEC toast.
    }
  };
  return (
    <section aria-labelledby={headingId} className="survey-picker">
      <h3 id={headingId}>Previous surveys</h3>
      {surveys === null ? (
        <p role="status">Loading…</p>
      ) : surveys.length === 0 ? (
        <p>No surveys on this device yet.</p>
      ) : (
        <ul>
          {surveys.map((survey) => (
            <li key={survey.id}>
              <span>
                <strong>{survey.surveyTitle || '(untitled)'}</strong> · {survey.clientName} · {new Date(String(survey.createdAt)).toLocaleDateString()}
                {survey.active ? ' · active' : ''}
              </span>
              <button type="button" onClick={() => void choose(survey)} aria-label={`Load survey ${survey.surveyTitle}`} disabled={survey.active}>
                Load
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onDone}>
        Close
      </button>
    </section>
  );
}

function ExportControls({ survey }: { survey: Survey }) {
  const id = useId();
  const [format, setFormat] = useState<string>('csv');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const units = useUnits();
  const run = async () => {
    setProgress({ label: 'Starting', done: 0, total: 1 });
    try {
      await exportSurvey(survey, format, setProgress, { units });
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="export-controls" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="export-controls__label">
        Export
      </span>
      <label htmlFor={`${id}-format`}>Export format</label>
      <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value)} disabled={progress !== null}>
        {EXPORT_CHOICES.map((choice) => (
          <option key={choice.format} value={choice.format}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => void run()} disabled={progress !== null}>
        Export survey
      </button>
      {progress && (
        <span className="export-controls__progress">
          <progress aria-label={progress.label} max={Math.max(1, progress.total)} value={progress.done} />
          <span role="status">
            {progress.label}
            {progress.total > 1 ? ` ${progress.done}/${progress.total}` : '…'}
          </span>
        </span>
      )}
    </div>
  );
}
