// 'Connect laser (Bluetooth)' beside 'Connect rangefinder' (issue 15 point 4): a Leica
// DISTO or Bosch GLM over Web Bluetooth. Where the browser has no Web Bluetooth, or no
// adapter, the button is not offered and a sentence says why and what to use instead.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { bluetoothSupport, laserBluetooth, type BluetoothSupport } from './bluetoothLaser';
import { useClearanceCore, useUnits } from './useClearance';

export const NO_WEB_BLUETOOTH =
  "Bluetooth lasers (Leica DISTO, Bosch GLM) need Web Bluetooth, which this browser does not have: use Chrome or Edge on a computer or Android. A serial laser works through 'Connect rangefinder'.";
export const NO_ADAPTER = 'Bluetooth lasers (Leica DISTO, Bosch GLM) cannot be connected: this device has no Bluetooth adapter, or Bluetooth is turned off.';

export function ConnectLaserBluetooth() {
  const [support, setSupport] = useState<BluetoothSupport | null>(null);
  const state = useSyncExternalStore(laserBluetooth.subscribe, laserBluetooth.getSnapshot);
  const core = useClearanceCore();
  const units = useUnits();
  useEffect(() => {
    let live = true;
    void bluetoothSupport().then((s) => live && setSupport(s));
    return () => {
      live = false;
    };
  }, []);
  if (support === null) return null;
  if (support !== 'supported') {
    return (
      <p className="laser-ble__unsupported" role="note" aria-label="Bluetooth laser">
        {support === 'no-api' ? NO_WEB_BLUETOOTH : NO_ADAPTER}
      </p>
    );
  }
  return (
    <div className="rangefinder" role="group" aria-label="Bluetooth laser">
      {state.kind === 'connected' ? (
        <button type="button" className="button" onClick={() => laserBluetooth.disconnect()}>
          Disconnect laser
        </button>
      ) : (
        <button type="button" className="button" disabled={state.kind === 'connecting'} onClick={() => void laserBluetooth.connect()}>
          Connect laser (Bluetooth)
        </button>
      )}
      {state.kind === 'connected' && (
        <p role="status">
          {state.model} connected{state.device ? ` (${state.device})` : ''}
          {state.last && core && `. Last distance: ${core.formatClearance(state.last.metres, units)}`}
        </p>
      )}
      {state.message && (
        <p role="alert" className="rangefinder__rejected">
          {state.message}
        </p>
      )}
    </div>
  );
}
