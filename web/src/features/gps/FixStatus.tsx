// The fix quality, always in view on the workspace (issue 12 point 1): the fix (No Fix,
// GPS Fix, DGPS Fix), satellites, HDOP, the age of the last update and the source, with a
// colour and a word for its state, so a glance tells whether a measurement taken now has
// a good position. Ticks once a second only while the age text changes (useFixClock).
import { useId } from 'react';
import { fixWarning } from './freshness';
import { formatAge, formatCount, formatHdop } from './format';
import { useFixClock, useGps } from './useGps';
import './fixStatus.css';

export type FixLevel = 'none' | 'stale' | 'gps' | 'dgps';

/** The state the badge shows: no fix or stale first, else the fix's own quality. */
export function fixLevel(warning: string | null, fixQuality: string): FixLevel {
  if (warning !== null) return fixQuality === 'No Fix' || warning === 'No GPS fix' ? 'none' : 'stale';
  return fixQuality === 'DGPS Fix' ? 'dgps' : 'gps';
}

export function FixStatus() {
  const gps = useGps();
  const now = useFixClock(gps, 1000);
  const warning = fixWarning(gps, now);
  const level = fixLevel(warning, gps.fixQuality);
  const id = useId();
  return (
    <div className={`fix-status fix-status--${level}`} role="group" aria-labelledby={id} data-testid="fix-status">
      <span id={id} className="fix-status__title">
        Fix quality
      </span>
      <span className="fix-status__badge">{warning ?? gps.fixQuality}</span>
      <span className="fix-status__item">
        <span className="fix-status__term">Sats</span> <span className="fix-status__value fix-status__value--sats">{formatCount(gps.satellites)}</span>
      </span>
      <span className="fix-status__item">
        <span className="fix-status__term">HDOP</span> <span className="fix-status__value fix-status__value--hdop">{formatHdop(gps.hdop)}</span>
      </span>
      <span className="fix-status__item">
        <span className="fix-status__term">Updated</span> <span className="fix-status__value fix-status__value--age">{formatAge(gps.lastUpdate, now)}</span>
      </span>
      <span className="fix-status__item fix-status__source">{gps.source}</span>
    </div>
  );
}
