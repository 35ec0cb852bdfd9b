// Readings per lane (issue 15 point 3): left edge, centre, right edge or lane n, each with
// how it was taken (laser, pole pass ≥, pole strike <, tape, manual). The measurement's
// height is the lowest reading; a pole reading is a bound, shown with its sign.
import { useId, useState } from 'react';
import type { Reading, ReadingMethod } from '../../model';
import { parseFigure, useClearanceCore, useUnits } from './useClearance';

const LANES = ['left edge', 'centre', 'right edge', 'lane 2', 'lane 3'] as const;
const METHODS: readonly (readonly [ReadingMethod, string])[] = [
  ['laser', 'Laser'],
  ['polePass', 'Pole pass (≥)'],
  ['poleStrike', 'Pole strike (<)'],
  ['tape', 'Tape'],
  ['manual', 'Manual'],
];
const SIGN: Record<ReadingMethod, string> = { laser: '', polePass: '≥ ', poleStrike: '< ', tape: '', manual: '' };

export interface LaneReadingsProps {
  readings: readonly Reading[];
  onChange: (readings: Reading[]) => void;
  /** The reading being typed (the rangefinder fills it too), in display units. */
  value: string;
  onValueChange: (value: string) => void;
  /** Whether the value came from a weak rangefinder target. */
  weak: boolean;
}

export function LaneReadings({ readings, onChange, value, onValueChange, weak }: LaneReadingsProps) {
  const core = useClearanceCore();
  const units = useUnits();
  const id = useId();
  const [lane, setLane] = useState<string>(LANES[readings.length % LANES.length] ?? 'centre');
  const [method, setMethod] = useState<ReadingMethod>('laser');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    if (!core) return;
    const metres = parseFigure(core, value, units);
    if (metres === null || metres < 0) {
      setError(`Enter the reading in ${units === 'metric' ? 'metres' : 'feet and inches'}.`);
      return;
    }
    setError(null);
    const next = [...readings, { lane, method, heightM: metres, ...(weak ? { weak: true } : {}) }];
    onChange(next);
    onValueChange('');
    setLane(LANES[next.length % LANES.length] ?? 'centre');
  };

  return (
    <fieldset className="lane-readings">
      <legend>Readings per lane</legend>
      {readings.length > 0 && (
        <ul aria-label="Lane readings">
          {readings.map((r, i) => (
            <li key={`${r.lane}-${i}`}>
              {r.lane}: {SIGN[r.method]}
              {core ? core.formatClearance(r.heightM, units) : `${r.heightM} m`} ({METHODS.find(([m]) => m === r.method)?.[1]})
              {r.weak && ' (weak target)'}{' '}
              <button type="button" className="button--small" aria-label={`Remove the ${r.lane} reading`} onClick={() => onChange(readings.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="lane-readings__row">
        <div className="field">
          <label htmlFor={`${id}-lane`}>Lane</label>
          <select id={`${id}-lane`} value={lane} onChange={(e) => setLane(e.target.value)}>
            {LANES.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>Method</label>
          <select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value as ReadingMethod)}>
            {METHODS.map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>Reading</label>
          <input id={`${id}-value`} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onValueChange(e.target.value)} />
        </div>
        <button type="button" className="button" onClick={add}>
          Add reading
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
