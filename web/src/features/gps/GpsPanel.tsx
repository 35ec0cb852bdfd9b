import { memo, useDeferredValue, useId, useRef } from 'react';
import { useOnScreen } from '../../ui/useOnScreen';
import { ConnectGps } from './ConnectGps';
import { fixWarning } from './freshness';
import { FailsafeSwitch } from './FailsafeSwitch';
import {
  formatAge,
  formatAltitude,
  formatCoordinate,
  formatCount,
  formatDop,
  formatHdop,
  formatHeading,
  formatPositionError,
  formatSnr,
  formatSpeed,
  MISSING,
  notNmeaWarning,
} from './format';
import type { GpsView } from './gpsState';
import { ReplayControls } from './ReplayControls';
import { useFixClock, useGps } from './useGps';
import './gpsPanel.css';

export { NO_FIX_WARNING, STALE_FIX_MS, STALE_FIX_WARNING } from './freshness';

/**
 * The GPS panel of `/`: where the position comes from, what it is, and how fresh. In sight,
 * its readouts follow the receiver one step behind the views a driver glances at (the fix
 * strip, the map, the capture form's warning): they render after them, in a pass and a frame
 * of their own (useDeferredValue), so a new fix is not one long task of the main thread but
 * two shorter ones (bench gps-panel, issue 10 point 18). Out of sight (the top of the
 * workspace) they render with the others and there is no second pass: no frame of theirs to
 * split from, and that view's long tasks are the map's. Its controls and the parser's
 * failure follow the controller at once: a switch or a button never shows a state the
 * surveyor has left.
 */
export function GpsPanel() {
  const gps = useGps();
  const region = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(region);
  // Out of sight the deferred value stays null: no second pass at all.
  const deferred = useDeferredValue(onScreen ? gps : null);
  const shown = onScreen && deferred !== null ? deferred : gps;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="gps-panel" ref={region}>
      <h2 id={headingId}>GPS</h2>
      {gps.coreError !== null && (
        <p role="alert" className="gps-panel__warning">
          {gps.coreError}
        </p>
      )}
      {gps.parserNotice !== null && (
        <p role="status" className="gps-panel__notice">
          {gps.parserNotice}
        </p>
      )}
      <Readouts gps={shown} />
      <ConnectGps gps={gps} />
      <FailsafeSwitch gps={gps} />
      <ReplayControls replay={gps.replay} />
      <RawNmea lines={shown.rawNMEA} />
    </section>
  );
}

/** What the receiver says: re-rendered only when the view it is given changes (deferred while in sight). */
const Readouts = memo(function Readouts({ gps }: { gps: GpsView }) {
  return (
    <>
      <Freshness gps={gps} />
      <LinkWarning gps={gps} />
      <Readout gps={gps} />
      <FixQualityDetails gps={gps} />
    </>
  );
});

/** The warning and the age of the last update: the only part that ticks (once a second, when its text changes). */
function Freshness({ gps }: { gps: GpsView }) {
  const now = useFixClock(gps, 1000);
  const warning = fixWarning(gps, now);
  // One row for both, as tall with the warning as without it: the first fix taking 'No GPS
  // fix' away (or a stale fix bringing a warning) moves nothing below, so no tap lands on a
  // control that has just jumped.
  return (
    <div className="gps-panel__status">
      {warning && (
        <p className="gps-panel__warning" role="alert">
          {warning}
        </p>
      )}
      <p className="gps-panel__age">
        Last update: <span data-testid="gps-age">{formatAge(gps.lastUpdate, now)}</span>
      </p>
    </div>
  );
}

function Readout({ gps }: { gps: GpsView }) {
  const replaying = gps.replay?.kind === 'playing' || gps.replay?.kind === 'finished';
  return (
    <dl className="gps-readout">
      <Row term="Latitude" value={formatCoordinate(gps.latitude)} />
      <Row term="Longitude" value={formatCoordinate(gps.longitude)} />
      <Row term="Altitude" value={formatAltitude(gps.altitude)} />
      <Row term="Speed" value={formatSpeed(gps.speed)} />
      <Row term="Heading" value={formatHeading(gps.course)} />
      <Row term="Satellites" value={formatCount(gps.satellites)} />
      <Row term="HDOP" value={formatHdop(gps.hdop)} />
      <Row term="Fix" value={gps.fixQuality} />
      <Row term="Time (UTC)" value={gps.time ?? MISSING} wraps />
      <Row term="Source" value={gps.source}>
        {replaying && gps.source === 'serial' && <span className="gps-badge">Replay</span>}
      </Row>
    </dl>
  );
}

/**
 * Lines that are not NMEA (SPEC §5: ignored with a warning). A polite status, not an alert:
 * it stays while the link is up, and a log's header lines are not an emergency.
 */
function LinkWarning({ gps }: { gps: GpsView }) {
  if (gps.link.notNmea === 0) return null;
  return (
    <p role="status" className="gps-panel__warning gps-panel__warning--link">
      {notNmeaWarning(gps.link.notNmea, gps.serial.kind === 'connected')}
    </p>
  );
}

/** What the receiver says about its fix (GSA, GSV, GST) and how clean the link is. */
function FixQualityDetails({ gps }: { gps: GpsView }) {
  const id = useId();
  const d = gps.details;
  return (
    <>
      <h3 id={id} className="gps-readout__heading">
        Fix quality
      </h3>
      <dl className="gps-readout gps-readout--quality" aria-labelledby={id}>
        <Row term="Fix type" value={d?.fixType ?? MISSING} />
        <Row term="PDOP" value={formatDop(d?.pdop ?? null)} />
        <Row term="VDOP" value={formatDop(d?.vdop ?? null)} />
        <Row term="Satellites in view" value={formatCount(d?.satsInView ?? null)} />
        <Row term="Mean SNR" value={formatSnr(d?.snrMean ?? null, 1)} />
        <Row term="Best SNR" value={formatSnr(d?.snrMax ?? null, 0)} />
        <Row term="Position error (1σ)" value={d ? formatPositionError(d.errLatM, d.errLonM, d.errAltM) : MISSING} wraps />
        <Row term="Bad checksums" value={formatCount(gps.link.badChecksum)} />
        <Row term="Lines not NMEA" value={formatCount(gps.link.notNmea)} />
      </dl>
    </>
  );
}

/**
 * One term and its value; re-rendered only when they change (most values hold between fixes).
 * The value is a fixed-size box that lays itself out (see gpsPanel.css): one line, or two
 * for a value that may wrap (`wraps`).
 */
const Row = memo(function Row({ term, value, children, wraps = false }: { term: string; value: string; children?: React.ReactNode; wraps?: boolean }) {
  const id = useId();
  return (
    <div className="gps-readout__row">
      <dt id={id}>{term}</dt>
      <dd aria-labelledby={id} className={wraps ? 'gps-readout__live gps-readout__live--two-lines' : 'gps-readout__live'}>
        <span className="gps-readout__value">{value}</span>
        {children}
      </dd>
    </div>
  );
});

/** The last 20 sentences, oldest first; re-rendered only when they change. */
const RawNmea = memo(function RawNmea({ lines }: { lines: string[] }) {
  const id = useId();
  return (
    <div className="gps-raw">
      <h3 id={id}>Raw NMEA</h3>
      <pre role="log" aria-live="off" aria-labelledby={id} className="gps-raw__text">
        {lines.length ? lines.join('\n') : 'No sentences received yet.'}
      </pre>
    </div>
  );
});
