import { memo, useId } from 'react';
import type { GpsView } from './gpsState';
import { SERIAL_TIMEOUT_MS, type BrowserTracking } from './sourceMachine';
import { useGpsController } from './useGps';

function trackingText(tracking: BrowserTracking, enabled: boolean): string {
  switch (tracking.kind) {
    case 'off':
      return enabled
        ? `Browser location takes over when the serial GPS is absent or silent for ${SERIAL_TIMEOUT_MS / 1000} s.`
        : 'Only the serial GPS gives positions.';
    case 'locating':
      return 'Browser location: waiting for a first fix…';
    case 'watching':
      return tracking.errors === 0
        ? 'Browser location: tracking.'
        : `Browser location: ${tracking.lastError === 'timeout' ? 'timed out' : 'position unavailable'} (${tracking.errors} in a row).`;
    case 'stopped':
      switch (tracking.reason) {
        case 'permission-denied':
          return 'Browser location stopped: permission to use your location was denied.';
        case 'errors':
          return 'Browser location stopped after 3 errors in a row.';
        case 'unsupported':
          return 'This browser cannot report its location.';
      }
  }
}

/**
 * 'Use browser location as failsafe' (SPEC §3 gps_failsafe_enabled, on by default).
 * Re-rendered only when the switch or the browser tracking changes, not with every fix.
 */
export const FailsafeSwitch = memo(
  FailsafeSwitchView,
  (a, b) => a.gps.failsafeEnabled === b.gps.failsafeEnabled && a.gps.tracking === b.gps.tracking,
);

function FailsafeSwitchView({ gps }: { gps: GpsView }) {
  const controller = useGpsController();
  const id = useId();
  const { tracking } = gps;
  return (
    <div className="gps-failsafe">
      <label htmlFor={id} className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={gps.failsafeEnabled}
          onChange={(event) => controller.setFailsafeEnabled(event.target.checked)}
        />
        Use browser location as failsafe
      </label>
      <p className="field__hint">{trackingText(tracking, gps.failsafeEnabled)}</p>
      {gps.failsafeEnabled && tracking.kind === 'stopped' && tracking.reason !== 'unsupported' && (
        <button type="button" className="button" onClick={() => controller.retryBrowserLocation()}>
          Retry browser location
        </button>
      )}
    </div>
  );
}
