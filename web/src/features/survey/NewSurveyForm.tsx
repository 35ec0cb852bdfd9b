// The 'New survey' form (SPEC §3 fields, §5 validation messages from the core, all shown
// at once, each next to its field), with the load profile's figures, optional (issue 15:
// entered at creation or later, in the load profile panel).
import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { LOAD_AT_CREATION_FIELDS, loadAtCreation, useClearanceCore, useUnits, type LoadAtCreationKey } from '../clearance';
import { useGpsController } from '../gps';
import { EMPTY_SURVEY_FORM, fixOf, type SurveyForm } from './records';
import { useSurvey } from './SurveyProvider';
import { surveyFieldErrors, type RequiredSurveyField, type SurveyFieldErrors } from './surveyValidation';

type TextField = Exclude<keyof SurveyForm, 'enableVehicleTrace' | 'enableAlertLog' | 'loadProfile'>;

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
  const [fieldErrors, setFieldErrors] = useState<SurveyFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [load, setLoad] = useState<Partial<Record<LoadAtCreationKey, string>>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const core = useClearanceCore();
  const units = useUnits();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const errors = await surveyFieldErrors(form);
      setFieldErrors(errors);
      const loadProfile = loadAtCreation(core, load, units);
      setLoadError('error' in loadProfile ? loadProfile.error : null);
      if (Object.keys(errors).length > 0 || 'error' in loadProfile) return;
      // The START measurement is taken where the surveyor stands when creating the survey.
      await create(loadProfile.load ? { ...form, loadProfile: loadProfile.load } : form, fixOf(gpsController.getSnapshot()));
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
      {TEXT_FIELDS.map(({ field, label, required, multiline }) => (
        <Field
          key={field}
          label={label}
          required={required}
          multiline={multiline}
          autoFocus={field === 'surveyTitle'}
          value={form[field]}
          error={fieldErrors[field as RequiredSurveyField] ?? null}
          onChange={(value) => setForm((current) => ({ ...current, [field]: value }))}
        />
      ))}
      <fieldset className="survey-form__load">
        <legend>Load profile (optional)</legend>
        {LOAD_AT_CREATION_FIELDS.map(([key, label]) => (
          <Field
            key={key}
            label={`${label} (${units === 'metric' ? 'm' : 'ft-in'})`}
            inputMode="decimal"
            value={load[key] ?? ''}
            onChange={(value) => setLoad((current) => ({ ...current, [key]: value }))}
          />
        ))}
        <p className="field__hint">Can be entered or changed later in the load profile panel. The buffer is 0.15 m unless given.</p>
        {loadError && (
          <p role="alert" className="form-error">
            {loadError}
          </p>
        )}
      </fieldset>
      <Switch isSelected={form.enableVehicleTrace} onChange={(on) => setForm((current) => ({ ...current, enableVehicleTrace: on }))}>
        Record the vehicle trace
      </Switch>
      <Switch isSelected={form.enableAlertLog} onChange={(on) => setForm((current) => ({ ...current, enableAlertLog: on }))}>
        Keep the alert log
      </Switch>
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
