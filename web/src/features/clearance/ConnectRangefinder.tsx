// 'Connect rangefinder' and its baud rate (4800 8N1 by default, as the TruPulse presets),
// on a serial port of its own beside the GPS; the last reading, a weak target marked.
import { useId } from 'react';
import { BAUD_RATES, isBaudRate, isSerialSupported } from '../../services/serial/webSerial';
import { rangefinder, useRangefinder } from './rangefinderController';
import { useClearanceCore, useUnits } from './useClearance';

const KIND_LABEL = { vertical: 'height above the laser', distance: 'distance', height: 'height', threeShotHeight: '3-shot height', missingLine: 'missing line height' } as const;

export function ConnectRangefinder() {
  const state = useRangefinder();
  const core = useClearanceCore();
  const units = useUnits();
  const baudId = useId();
  if (!isSerialSupported()) return null;
  const busy = state.kind === 'connecting' || state.kind === 'connected';
  return (
    <div className="rangefinder" aria-label="Rangefinder" role="group">
      <div className="field">
        <label htmlFor={baudId}>Rangefinder baud rate</label>
        <select
          id={baudId}
          value={state.baudRate}
          disabled={busy}
          onChange={(e) => {
            const v = Number(e.target.value);
            if (isBaudRate(v)) rangefinder.setBaudRate(v);
          }}
        >
          {BAUD_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}
            </option>
          ))}
        </select>
      </div>
      {state.kind === 'connected' ? (
        <button type="button" className="button" onClick={() => void rangefinder.disconnect()}>
          Disconnect rangefinder
        </button>
      ) : (
        <button type="button" className="button" disabled={state.kind === 'connecting'} onClick={() => void rangefinder.connect()}>
          Connect rangefinder
        </button>
      )}
      {state.kind === 'connected' && (
        <p role="status">
          Rangefinder connected at {state.baudRate} baud
          {state.shots > 0 && ` — 3-shot height: ${state.shots} of 3 shots taken`}
          {state.last && core && `. Last ${KIND_LABEL[state.last.kind]}: ${core.formatClearance(state.last.metres, units)}`}
          {state.last?.weak && ' (weak target)'}
        </p>
      )}
      {state.lastRejection && (
        <p role="alert" className="rangefinder__rejected">
          Rangefinder reading rejected: {state.lastRejection}
        </p>
      )}
      {(state.kind === 'failed' || state.kind === 'disconnected') && state.message && (
        <p role="alert" className="rangefinder__rejected">
          {state.message}
        </p>
      )}
    </div>
  );
}
