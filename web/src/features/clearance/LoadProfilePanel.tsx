// The survey's load profile (issue 15 point 1): the load's height, width and length, the
// required buffer (default 0.15 m), the Tight band (default 0.15 m) and the move's expected
// temperature with the sag allowance (default 5 °C) for the wire-sag flag. Figures are typed in the display units and stored in
// metres; the core checks them and fills the defaults.
import { useId, useState, type FormEvent } from 'react';
import type { LoadProfile } from '../../model';
import type { ClearanceCore, Units } from '../../core/clearance';
import { parseFigure, useClearanceCore, useUnits } from './useClearance';
import { LOAD_AT_CREATION_FIELDS, lengthError } from './loadAtCreation';

export interface LoadProfilePanelProps {
  load: LoadProfile | null | undefined;
  onSave: (load: LoadProfile) => Promise<void>;
}

/** The core's default sag allowance (issue 15 point 3: 5 °C), shown until another is saved. */
const DEFAULT_SAG_DELTA_C = 5;

type Key = 'heightM' | 'widthM' | 'lengthM' | 'bufferM' | 'tightBandM';
const LENGTHS: readonly (readonly [Key, string])[] = [...LOAD_AT_CREATION_FIELDS, ['tightBandM', 'Tight band']];

function shown(core: ClearanceCore | null, value: number | undefined, units: Units): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  if (units === 'metric' || !core) return String(value);
  return core.formatLoadHeight(value, units);
}

export function LoadProfilePanel({ load, onSave }: LoadProfilePanelProps) {
  const core = useClearanceCore();
  const units = useUnits();
  const id = useId();
  const [draft, setDraft] = useState<Partial<Record<Key | 'moveTempC' | 'sagDeltaC', string>>>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const value = (key: Key) => draft[key] ?? shown(core, load?.[key] ?? (key === 'bufferM' || key === 'tightBandM' ? 0.15 : undefined), units);
  const moveTemp = draft.moveTempC ?? (load?.moveTempC !== undefined ? String(load.moveTempC) : '');
  const sagDelta = draft.sagDeltaC ?? String(load?.sagDeltaC ?? DEFAULT_SAG_DELTA_C);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!core) return;
    // Only the figures typed are kept: a cleared field drops its figure (the core then fills
    // the buffer and band defaults).
    const next: Partial<LoadProfile> = { sagDeltaC: load?.sagDeltaC };
    for (const [key, label] of LENGTHS) {
      const typed = draft[key];
      if (typed === undefined) {
        // Untouched: keep the stored figure exactly (the shown one may be rounded).
        if (load?.[key] !== undefined) next[key] = load[key];
        continue;
      }
      const text = typed;
      const metres = parseFigure(core, text, units);
      if (text.trim() !== '' && metres === null) {
        setMessage({ kind: 'error', text: lengthError(label, units) });
        return;
      }
      if (metres !== null) next[key] = metres;
    }
    const temp = moveTemp.trim() === '' ? null : Number(moveTemp.replace(',', '.'));
    if (temp !== null && !Number.isFinite(temp)) {
      setMessage({ kind: 'error', text: 'Move temperature: enter degrees Celsius.' });
      return;
    }
    if (temp !== null) next.moveTempC = temp;
    if (draft.sagDeltaC !== undefined) {
      // A cleared field goes back to the default (the core fills it).
      const sag = draft.sagDeltaC.trim() === '' ? null : Number(draft.sagDeltaC.replace(',', '.'));
      if (sag !== null && !(Number.isFinite(sag) && sag >= 0)) {
        setMessage({ kind: 'error', text: 'Sag allowance: enter zero or more degrees Celsius.' });
        return;
      }
      next.sagDeltaC = sag ?? undefined;
    }
    try {
      const profile = core.normaliseLoadProfile(next);
      await onSave(profile);
      setDraft({});
      setMessage({ kind: 'ok', text: 'Load profile saved.' });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  const unit = units === 'metric' ? 'm' : 'ft-in';
  return (
    <form className="load-profile" aria-labelledby={`${id}-title`} onSubmit={(e) => void save(e)} noValidate>
      <h3 id={`${id}-title`}>Load profile</h3>
      <div className="load-profile__fields">
        {LENGTHS.map(([key, label]) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>
              {label} ({unit})
            </label>
            <input id={`${id}-${key}`} inputMode="decimal" autoComplete="off" value={value(key)} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-temp`}>Move temperature (°C)</label>
          <input id={`${id}-temp`} inputMode="decimal" autoComplete="off" value={moveTemp} onChange={(e) => setDraft({ ...draft, moveTempC: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sag`}>Sag allowance (°C)</label>
          <input
            id={`${id}-sag`}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={`${id}-sag-hint`}
            value={sagDelta}
            onChange={(e) => setDraft({ ...draft, sagDeltaC: e.target.value })}
          />
          <p id={`${id}-sag-hint`} className="field__hint">
            A wire surveyed more than this much cooler than the move is flagged for sag.
          </p>
        </div>
      </div>
      <p className="field__hint">
        Margin = clearance − load height − buffer. Tight: from 0 up to the Tight band. {units === 'feetInches' && 'Load figures are shown rounded up.'}
      </p>
      <div className="actions">
        <button type="submit" className="button" disabled={!core}>
          Save load profile
        </button>
      </div>
      <p role={message?.kind === 'error' ? 'alert' : 'status'} className="load-profile__message">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
