import { useState } from 'react';
import { requestCurrentPosition } from '../../services/geolocation/geolocation';
import { recordPermissionAnswer } from './appAccess';

interface PermissionScreenProps {
  /** Called once the surveyor allowed (or refused) location access, or skipped. */
  onDone: () => void;
}

/** Mobile only: asks for location access before the app opens, and says why. */
export function PermissionScreen({ onDone }: PermissionScreenProps) {
  const [asking, setAsking] = useState(false);

  async function allow() {
    setAsking(true);
    let granted: boolean;
    try {
      await requestCurrentPosition({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 });
      granted = true;
    } catch {
      granted = false;
    }
    recordPermissionAnswer(granted);
    onDone();
  }

  return (
    <article className="page permission-screen" aria-labelledby="permission-title">
      <h1 id="permission-title">Allow location access</h1>
      <p>
        Every measurement records where it was taken. Clearway reads the position from a
        GPS receiver connected to this device; when no receiver is connected, or it loses
        its fix, the app falls back to this device's own location so that no measurement
        is saved without a position.
      </p>
      <p>
        Your browser will ask whether Clearway may use your location. The position is
        stored only with the measurements you record.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => void allow()} disabled={asking}>
          Allow location access
        </button>
        <button
          type="button"
          className="button"
          disabled={asking}
          onClick={() => {
            recordPermissionAnswer(null);
            onDone();
          }}
        >
          Skip
        </button>
      </div>
      {asking && <p role="status">Waiting for your browser&apos;s answer and a first position…</p>}
    </article>
  );
}
