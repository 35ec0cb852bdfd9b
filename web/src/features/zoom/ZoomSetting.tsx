import { useId, useState } from 'react';
import { readSavedZoom, saveZoom } from './zoom';

const STEPS = [75, 90, 100, 110, 125, 150, 175, 200, 250, 300];

/** 'Display zoom': enlarges or shrinks the whole app; saved for the next start. */
export function ZoomSetting() {
  const id = useId();
  const [percent, setPercent] = useState(readSavedZoom);
  const options = STEPS.includes(percent) ? STEPS : [...STEPS, percent].sort((a, b) => a - b);

  return (
    <div className="field">
      <label htmlFor={id}>Display zoom</label>
      <select
        id={id}
        value={percent}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (saveZoom(next)) setPercent(next);
        }}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {value}%
          </option>
        ))}
      </select>
      <p className="field__hint">Makes text and buttons larger or smaller on this device. Saved on this device.</p>
    </div>
  );
}
