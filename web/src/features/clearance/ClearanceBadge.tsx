// The live verdict of a clearance against the survey's load: the margin and Pass / Tight /
// Fail, computed by the core as the height is typed or read, and a wire's sag warning.
import type { LoadProfile, Measurement } from '../../model';
import { useClearanceCore, useUnits } from './useClearance';
import './clearance.css';

export interface ClearanceBadgeProps {
  /** The measurement as it stands (height, type, readings, wire temperature). */
  measurement: Partial<Measurement>;
  load: LoadProfile | null | undefined;
}

export function ClearanceBadge({ measurement, load }: ClearanceBadgeProps) {
  const core = useClearanceCore();
  const units = useUnits();
  if (!core) return null;
  const a = core.assess(measurement, load);
  if (!a) return null;
  const sag =
    a.sag.kind === 'flagged'
      ? `Wire sag: surveyed ${a.sag.coolerByC.toFixed(1)} °C cooler than the move; it will hang lower.`
      : a.sag.kind === 'missing'
        ? 'Wire: record the temperature and time.'
        : null;
  const bound = a.bound === 'atLeast' ? '≥ ' : a.bound === 'below' ? '< ' : '';
  return (
    <div className="clearance-badge" aria-label="Clearance against the load">
      {a.status && a.marginM !== null ? (
        <p role="status" className={`clearance-badge__status clearance-badge__status--${a.status.toLowerCase()}`} data-status={a.status}>
          {a.status}: margin {core.formatMargin(a.marginM, units)} (clearance {bound}
          {core.formatClearance(a.clearanceM, units)})
        </p>
      ) : (
        <p className="field__hint">Set the load height to see the margin.</p>
      )}
      {sag && (
        <p role="alert" className="clearance-badge__sag">
          {sag}
        </p>
      )}
    </div>
  );
}

/** The status and margin as a short chip for a row of the measurement list. */
export function ClearanceChip({ measurement, load }: ClearanceBadgeProps) {
  const core = useClearanceCore();
  const units = useUnits();
  if (!core || !load) return null;
  const a = core.assess(measurement, load);
  if (!a?.status || a.marginM === null) return null;
  return (
    <span className={`clearance-chip clearance-chip--${a.status.toLowerCase()}`} data-status={a.status}>
      {a.status} {core.formatMargin(a.marginM, units)}
      {a.sag.kind === 'flagged' && ' · sag'}
    </span>
  );
}
