import { memo, useId } from 'react';
import { BAUD_RATES, isBaudRate } from '../../services/serial/webSerial';
import type { GpsView } from './gpsState';
import { useGpsController } from './useGps';

/**
 * 'Connect GPS' / 'Disconnect GPS' / 'Reconnect GPS' and the baud rate, for a serial receiver.
 * Re-rendered only when the connection or the baud rate changes, not with every fix.
 */
export const ConnectGps = memo(ConnectGpsView, (a, b) => a.gps.serial === b.gps.serial && a.gps.baudRate === b.gps.baudRate);

function ConnectGpsView({ gps }: { gps: GpsView }) {
  const controller = useGpsController();
  const baudId = useId();
  const { serial } = gps;
  if (serial.kind === 'unsupported') {
    return (
      <p className="gps-serial">
        This browser cannot open serial ports, so a GPS receiver cannot be connected here (use Chrome
        or Edge on a computer). Browser location and log replay still work.
      </p>
    );
  }
  const busy = serial.kind === 'connecting' || serial.kind === 'connected';
  return (
    <div className="gps-serial">
      <div className="field">
        <label htmlFor={baudId}>Baud rate</label>
        <select
          id={baudId}
          value={gps.baudRate}
          disabled={busy}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (isBaudRate(value)) controller.setBaudRate(value);
          }}
        >
          {BAUD_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}
            </option>
          ))}
        </select>
        <p className="field__hint">Most NMEA receivers talk at 4800 baud. Saved on this device.</p>
      </div>
      <div className="gps-serial__actions">
        {serial.kind === 'connected' || (serial.kind === 'connecting' && serial.reopening) ? (
          <button type="button" className="button" onClick={() => void controller.disconnect()}>
            Disconnect GPS
          </button>
        ) : serial.kind === 'disconnected' ? (
          <button type="button" className="button button--primary" onClick={() => void controller.connect()}>
            Reconnect GPS
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={serial.kind === 'connecting'}
            onClick={() => void controller.connect()}
          >
            Connect GPS
          </button>
        )}
      </div>
      {serial.kind === 'connected' && (
        <p role="status">
          Serial GPS connected at {serial.baudRate} baud
          {serial.recovered > 0 && ` (recovered from ${serial.recovered} read error${serial.recovered === 1 ? '' : 's'})`}.
        </p>
      )}
      {serial.kind === 'connecting' && <p role="status">{serial.reopening ? "Opening the GPS receiver's port again…" : "Choose the GPS receiver's port…"}</p>}
      {serial.kind === 'disconnected' && (
        <p role="alert" className="gps-panel__warning">
          {serial.message}
        </p>
      )}
      {serial.kind === 'failed' && (
        <p role="alert" className="gps-panel__warning">
          {serial.message}
        </p>
      )}
    </div>
  );
}
