import { memo, useId, useState } from 'react';
import type { GpsView } from './gpsState';
import type { ReplaySpeed } from './replay';
import { useGpsController } from './useGps';

const SPEEDS: { key: string; label: string; speed: ReplaySpeed }[] = [
  { key: '1', label: 'Real time (1×)', speed: 1 },
  { key: '10', label: '10×', speed: 10 },
  { key: 'fastest', label: 'As fast as possible', speed: Infinity },
];

const speedLabel = (speed: ReplaySpeed) => SPEEDS.find((s) => s.speed === speed)?.label ?? String(speed);

/**
 * 'Replay an NMEA log': a recorded log through the serial path, for training and demos.
 * It takes only the replay's state, and renders again only when that changes, not with
 * every fix (its file input was re-laid out 20 times a second with a 20 Hz receiver).
 */
export const ReplayControls = memo(function ReplayControls({ replay }: { replay: GpsView['replay'] }) {
  const controller = useGpsController();
  const fileId = useId();
  const speedId = useId();
  const [speedKey, setSpeedKey] = useState('1');
  const speed = SPEEDS.find((s) => s.key === speedKey)?.speed ?? 1;

  return (
    <div className="gps-replay">
      <div className="field">
        <label htmlFor={speedId}>Playback speed</label>
        <select id={speedId} value={speedKey} onChange={(event) => setSpeedKey(event.target.value)}>
          {SPEEDS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={fileId}>Replay an NMEA log</label>
        <input
          id={fileId}
          type="file"
          accept=".log,.nmea,.txt,text/plain"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void controller.startReplay(file, speed);
          }}
        />
        <p className="field__hint">
          Plays a recorded receiver log as if a GPS were connected (closes the serial connection).
        </p>
      </div>
      {replay?.kind === 'playing' && (
        <>
          <p role="status">
            Replaying {replay.name} ({speedLabel(replay.speed)}): {Math.floor(replay.progress * 100)}%
          </p>
          <button type="button" className="button" onClick={() => controller.stopReplay()}>
            Stop replay
          </button>
        </>
      )}
      {replay?.kind === 'finished' && <p role="status">Replay of {replay.name} finished.</p>}
      {replay?.kind === 'failed' && (
        <p role="alert" className="gps-panel__warning">
          {replay.name} could not be read: {replay.message}
        </p>
      )}
    </div>
  );
});
