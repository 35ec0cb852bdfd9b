// Recording a measurement at a point of interest (SPEC §4 "Adding a measurement"): large
// labelled fields for a roadside with gloves on, the position from the GPS service, a
// visible warning when the fix is stale or missing, and an explicit outcome for every save.
import { useId, useState, type FormEvent } from 'react';
import { isStorageError } from '../../services/storage';
import { Field } from '../../ui/Field';
import { fixWarning, useGps, useGpsController, useNow } from '../gps';
import { poiGlyph } from './poiIcons';
import { fixOf } from './records';
import { useSurvey } from './SurveyProvider';
import { usePoiIdentifier } from './usePoiNaming';
import { usePoiTypes } from './usePoiTypes';

type Outcome = { kind: 'saved'; id: string; text: string } | { kind: 'local'; id: string; text: string } | { kind: 'error'; text: string };

const parseNumber = (text: string): number | null => {
  const value = Number.parseFloat(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
};

type CaptureErrors = Partial<Record<'height' | 'poiNumber', string>>;

/** Every problem of the form at once, by field (empty when it can be saved). */
export function captureErrors(height: string, poiNumber: string): CaptureErrors {
  const errors: CaptureErrors = {};
  const rel = parseNumber(height);
  if (rel === null || rel < 0) errors.height = 'Enter the height in metres (0 or more).';
  const number = Number(poiNumber.trim());
  if (poiNumber.trim() === '' || !Number.isInteger(number) || number < 0) errors.poiNumber = 'Enter the POI number (a whole number).';
  return errors;
}

export function CaptureForm() {
  const { active, nextPoiNumber: nextPoi, add } = useSurvey();
  const gpsController = useGpsController();
  const poiTypes = usePoiTypes();
  const poiIdentifier = usePoiIdentifier();
  const id = useId();
  const [height, setHeight] = useState('');
  const [road, setRoad] = useState('1');
  const [poi, setPoi] = useState<string | null>(null);
  const [poiType, setPoiType] = useState('bridge');
  const [note, setNote] = useState('');
  const [width, setWidth] = useState('');
  const [length, setLength] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [errors, setErrors] = useState<CaptureErrors>({});

  if (!active) return null;
  const poiNumber = poi ?? String(nextPoi);
  const selectedType = poiTypes?.find((t) => t.type === poiType);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = captureErrors(height, poiNumber);
    setErrors(checked);
    const rel = parseNumber(height);
    const number = Number.parseInt(poiNumber, 10);
    if (Object.keys(checked).length > 0 || rel === null) {
      setOutcome(null);
      return;
    }
    setBusy(true);
    try {
      // The position at the moment of saving (read once, not re-rendered at the GPS rate).
      const fix = fixOf(gpsController.getSnapshot());
      const saved = await add(
        { rel, roadNumber: road.trim(), poiNumber: number, poiType, note, widthMeasure: parseNumber(width), lengthMeasure: parseNumber(length) },
        fix,
      );
      const label = `${poiIdentifier(saved.measurement)} saved (height ${rel.toFixed(3)} m)`;
      setOutcome(
        saved.outcome.savedIn === 'local'
          ? { kind: 'local', id: saved.measurement.id, text: saved.outcome.message }
          : { kind: 'saved', id: saved.measurement.id, text: label },
      );
      setPoi(String(number + 1));
      setHeight('');
      setNote('');
      setWidth('');
      setLength('');
    } catch (error) {
      // Nothing took the measurement: the form keeps every value so it can be saved again.
      setOutcome({ kind: 'error', text: isStorageError(error) || error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="capture" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={`${id}-title`}>Record a measurement</h3>
      <FixWarning />
      <div className="capture__grid">
        <Field label="Height" hint="metres" inputMode="decimal" value={height} onChange={setHeight} error={errors.height} className="capture__height" />
        <Field label="Road number" inputMode="numeric" value={road} onChange={setRoad} />
        <Field label="POI number" inputMode="numeric" value={poiNumber} onChange={setPoi} error={errors.poiNumber} />
        <div className="field">
          <label htmlFor={`${id}-type`}>POI type</label>
          <span className="poi-choice">
            <span className="poi-swatch" style={{ background: selectedType?.colour ?? '#6b7280' }} aria-hidden="true">
              {poiGlyph(selectedType?.icon ?? 'circle')}
            </span>
            <select id={`${id}-type`} value={poiType} onChange={(e) => setPoiType(e.target.value)}>
              {(poiTypes ?? [])
                .filter((t) => t.type !== 'START')
                .map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.label}
                  </option>
                ))}
            </select>
          </span>
        </div>
        <Field label="Note" value={note} onChange={setNote} />
        <Field label="Width" hint="metres" inputMode="decimal" value={width} onChange={setWidth} />
        <Field label="Length" hint="metres" inputMode="decimal" value={length} onChange={setLength} />
      </div>
      <div className="actions">
        <button type="submit" className="button--primary" disabled={busy || !poiTypes}>
          Save measurement
        </button>
      </div>
      <p
        className={`capture__outcome capture__outcome--${outcome?.kind ?? 'none'}`}
        role={outcome && outcome.kind !== 'saved' ? 'alert' : 'status'}
        data-saved-id={outcome && outcome.kind !== 'error' ? outcome.id : undefined}
      >
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}

/** The only part of the form that follows the GPS: a warning when the fix is stale or missing. */
function FixWarning() {
  const gps = useGps();
  const warning = fixWarning(gps, useNow(1000));
  if (!warning) return null;
  return (
    <p className="capture__warning" role="alert">
      {warning}: the measurement will be saved {gps.latitude === null ? 'without a position' : 'with the last known position'}.
    </p>
  );
}
