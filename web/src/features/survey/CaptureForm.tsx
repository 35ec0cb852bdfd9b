// Recording a measurement at a point of interest (SPEC §4 "Adding a measurement"): large
// labelled fields for a roadside with gloves on, the position from the GPS service, a
// visible warning when the fix is stale or missing, and an explicit outcome for every save.
// Issue 15: the margin against the load shown live, the height from the rangefinder, readings
// per lane (the height is the lowest), a wire's temperature and time.
import { useId, useState, type FormEvent } from 'react';
import type { Reading } from '../../model';
import { isStorageError } from '../../services/storage';
import { CameraPanel, keepCapturedMedia, type HeldMedia } from '../camera';
import { ClearanceBadge, ConnectLaserBluetooth, ConnectRangefinder, LaneReadings, aboveRoad, parseFigure, useClearanceCore, useRangefinderReadings, useUnits } from '../clearance';
import { Field } from '../../ui/Field';
import { fixWarning, useGps, useGpsController, useNow } from '../gps';
import { useSettings } from '../settings';
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

/**
 * Every problem of the form at once, by field (empty when it can be saved): `rel` is the
 * height in metres as read from the field, the lanes or the rangefinder (null: none).
 */
export function captureErrors(rel: number | null, poiNumber: string, units: string): CaptureErrors {
  const errors: CaptureErrors = {};
  if (rel === null || rel < 0) errors.height = units === 'metric' ? 'Enter the height in metres (0 or more).' : 'Enter the height in feet and inches (0 or more).';
  const number = Number(poiNumber.trim());
  if (poiNumber.trim() === '' || !Number.isInteger(number) || number < 0) errors.poiNumber = 'Enter the POI number (a whole number).';
  return errors;
}

export function CaptureForm() {
  const { active, nextPoiNumber: nextPoi, add, update } = useSurvey();
  const { settings } = useSettings();
  const [held, setHeld] = useState<HeldMedia>({ frame: null, drawing: null });
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
  const clearanceCore = useClearanceCore();
  const units = useUnits();
  const [readings, setReadings] = useState<Reading[]>([]);
  const [lanesOpen, setLanesOpen] = useState(false);
  const [laneValue, setLaneValue] = useState('');
  // A figure the rangefinder filled in: kept in metres, so display rounding never changes it.
  const [fromDevice, setFromDevice] = useState<{ text: string; metres: number; weak: boolean; lane: boolean; groundRef: number | null } | null>(null);
  // Lane readings taken from a single laser shot, with the laser's height above the road added to each.
  const [laneGroundRefs, setLaneGroundRefs] = useState<ReadonlyMap<Reading, number>>(new Map());
  const [wireTemp, setWireTemp] = useState('');
  const [wireTime, setWireTime] = useState('');
  const [errors, setErrors] = useState<CaptureErrors>({});

  useRangefinderReadings((r) => {
    // A single shot measures from the laser: its height above the road (a setting) is added.
    const { metres, groundRef } = aboveRoad(r, settings.laser.groundReference);
    const text = units === 'metric' || !clearanceCore ? String(Math.round(metres * 1000) / 1000) : clearanceCore.formatClearance(metres, units);
    setFromDevice({ text, metres, weak: r.weak, lane: lanesOpen, groundRef });
    if (lanesOpen) setLaneValue(text);
    else setHeight(text);
  });

  if (!active) return null;
  const isWire = poiType === 'wire' || poiType === 'powerLine';
  const deviceHeight = fromDevice && !fromDevice.lane && fromDevice.text === height ? fromDevice : null;
  const typedHeight = (): number | null => {
    if (deviceHeight) return deviceHeight.metres;
    return units === 'metric' || !clearanceCore ? parseNumber(height) : parseFigure(clearanceCore, height, units);
  };
  const lowest = readings.length > 0 ? Math.min(...readings.map((r) => r.heightM)) : null;
  const currentRel = lowest ?? typedHeight();
  const wireTempC = parseNumber(wireTemp);
  const clearanceFields = {
    readings: readings.length > 0 ? readings : deviceHeight ? [{ lane: 'centre', method: 'laser' as const, heightM: deviceHeight.metres, ...(deviceHeight.weak ? { weak: true } : {}) }] : undefined,
    ...(isWire && wireTempC !== null ? { wireTempC } : {}),
    ...(isWire && wireTime ? { wireTime } : {}),
  };
  // The measurement's groundRef: what was added to its laser readings, when they all had the same.
  const laserRefs = readings.filter((r) => r.method === 'laser').map((r) => laneGroundRefs.get(r) ?? null);
  const laneRef = laserRefs.length > 0 && laserRefs.every((ref) => ref !== null && ref === laserRefs[0]) ? (laserRefs[0] ?? null) : null;
  const groundRef = readings.length > 0 ? laneRef : (deviceHeight?.groundRef ?? null);
  const changeLanes = (next: Reading[]) => {
    // A reading added while the lane box still shows a single shot's figure carries its groundRef.
    const added = next.length > readings.length ? next.at(-1) : undefined;
    const ref = fromDevice?.lane && fromDevice.text === laneValue ? fromDevice.groundRef : null;
    if (added && ref !== null) setLaneGroundRefs(new Map([...laneGroundRefs, [added, ref]]));
    setReadings(next);
  };
  const poiNumber = poi ?? String(nextPoi);
  const selectedType = poiTypes?.find((t) => t.type === poiType);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rel = currentRel;
    const number = Number.parseInt(poiNumber, 10);
    const checked = captureErrors(rel, poiNumber, units);
    setErrors(checked);
    if (Object.keys(checked).length > 0 || rel === null) {
      setOutcome(null);
      return;
    }
    setBusy(true);
    try {
      // The position at the moment of saving (read once, not re-rendered at the GPS rate).
      const fix = fixOf(gpsController.getSnapshot());
      const saved = await add(
        { rel, roadNumber: road.trim(), poiNumber: number, poiType, note, widthMeasure: parseNumber(width), lengthMeasure: parseNumber(length), clearance: clearanceFields, groundRef },
        fix,
      );
      const label = `${poiIdentifier(saved.measurement)} saved (height ${rel.toFixed(3)} m)`;
      setOutcome(
        saved.outcome.savedIn === 'local'
          ? { kind: 'local', id: saved.measurement.id, text: saved.outcome.message }
          : { kind: 'saved', id: saved.measurement.id, text: label },
      );
      // The measurement is stored: its photo, drawing and video follow (shown as pending).
      void keepCapturedMedia(held, { measurement: saved.measurement, survey: active, poiId: poiIdentifier(saved.measurement), poiTypeLabel: selectedType?.label ?? poiType, update }, settings.camera);
      setHeld({ frame: null, drawing: null });
      setPoi(String(number + 1));
      setHeight('');
      setNote('');
      setWidth('');
      setLength('');
      setReadings([]);
      setLaneValue('');
      setFromDevice(null);
      setLaneGroundRefs(new Map());
      setWireTemp('');
      setWireTime('');
      setErrors({});
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
      <ConnectRangefinder />
      <ConnectLaserBluetooth />
      <div className="capture__grid">
        <Field
          label="Height"
          hint={
            <>
              {units === 'metric' ? 'metres' : 'feet and inches (15\' 6")'}
              {lowest !== null && ' — the lowest lane reading'}
              {deviceHeight && ' — from the rangefinder'}
            </>
          }
          inputMode="decimal"
          value={lowest !== null && clearanceCore ? clearanceCore.formatClearance(lowest, units) : height}
          readOnly={lowest !== null}
          onChange={setHeight}
          error={errors.height}
          className="capture__height"
        />
        {deviceHeight?.weak && (
          <p role="alert" className="capture__warning">
            Weak target: the rangefinder flagged this reading; check it before saving.
          </p>
        )}
        <ClearanceBadge measurement={{ rel: currentRel ?? undefined, poi_type: poiType, readings: clearanceFields.readings, wireTempC: clearanceFields.wireTempC, wireTime: clearanceFields.wireTime }} load={active.loadProfile} />
        <button type="button" className="button--small" aria-expanded={lanesOpen} onClick={() => setLanesOpen(!lanesOpen)}>
          Readings per lane
        </button>
        {lanesOpen && (
          <LaneReadings readings={readings} onChange={changeLanes} value={laneValue} onValueChange={setLaneValue} weak={Boolean(fromDevice?.lane && fromDevice.text === laneValue && fromDevice.weak)} />
        )}
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
        {isWire && <Field label="Wire temperature (°C)" inputMode="decimal" value={wireTemp} onChange={setWireTemp} />}
        {isWire && (
          <div className="field">
            <label htmlFor={`${id}-wiretime`}>Wire time</label>
            <input id={`${id}-wiretime`} type="time" value={wireTime} onChange={(e) => setWireTime(e.target.value)} />
          </div>
        )}
        <Field label="Note" value={note} onChange={setNote} />
        <Field label="Width" hint="metres" inputMode="decimal" value={width} onChange={setWidth} />
        <Field label="Length" hint="metres" inputMode="decimal" value={length} onChange={setLength} />
      </div>
      <CameraPanel surveyId={active.id} held={held} onHeld={setHeld} />
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
      {/* Last in the form, beside what it is about: when the first fix takes it away, no control moves. */}
      <FixWarning />
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
