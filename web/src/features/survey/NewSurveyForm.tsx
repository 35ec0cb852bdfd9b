// The 'New survey' form (SPEC §3 fields, §5 validation messages from the core).
import { useId, useState, type FormEvent } from 'react';
import { useGpsController } from '../gps';
import { EMPTY_SURVEY_FORM, fixOf, type SurveyForm } from './records';
import { useSurvey } from './SurveyProvider';

type TextField = Exclude<keyof SurveyForm, 'enableVehicleTrace' | 'enableAlertLog'>;

const TEXT_FIELDS: readonly { field: TextField; label: string; required?: boolean; multiline?: boolean }[] = [
  { field: 'surveyTitle', label: 'Survey title', required: true },
  { field: 'surveyorName', label: 'Surveyor name', required: true },
  { field: 'clientName', label: 'Client name', required: true },
  { field: 'projectNumber', label: 'Project number' },
  { field: 'originAddress', label: 'Origin address' },
  { field: 'destinationAddress', label: 'Destination address' },
  { field: 'description', label: 'Description', multiline: true },
  { field: 'notes', label: 'Notes', multiline: true },
];

export function NewSurveyForm({ onDone }: { onDone: () => void }) {
  const { create } = useSurvey();
  const gpsController = useGpsController();
  const [form, setForm] = useState<SurveyForm>(EMPTY_SURVEY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The START measurement is taken where the surveyor stands when creating the survey.
      await create(form, fixOf(gpsController.getSnapshot()));
      onDone();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="survey-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={`${id}-title`}>New survey</h3>
      {TEXT_FIELDS.map(({ field, label, required, multiline }) => {
        const inputId = `${id}-${field}`;
        const common = {
          id: inputId,
          value: form[field],
          'aria-required': required,
          onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value })),
        };
        return (
          <div className="field" key={field}>
            <label htmlFor={inputId}>
              {label}
              {required && <span aria-hidden="true"> *</span>}
            </label>
            {multiline ? <textarea rows={2} {...common} /> : <input type="text" autoComplete="off" {...common} />}
          </div>
        );
      })}
      <div className="field field--check">
        <input
          id={`${id}-trace`}
          type="checkbox"
          checked={form.enableVehicleTrace}
          onChange={(event) => setForm((current) => ({ ...current, enableVehicleTrace: event.target.checked }))}
        />
        <label htmlFor={`${id}-trace`}>Record the vehicle trace</label>
      </div>
      <div className="field field--check">
        <input
          id={`${id}-alerts`}
          type="checkbox"
          checked={form.enableAlertLog}
          onChange={(event) => setForm((current) => ({ ...current, enableAlertLog: event.target.checked }))}
        />
        <label htmlFor={`${id}-alerts`}>Keep the alert log</label>
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          Create survey
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
