// The active survey's measurements, newest first, with edit and delete. Virtualised: only
// the rows in view (plus a margin) are in the page, so 100,000 measurements scroll as
// smoothly as ten.
import { useId, useState, type FormEvent, type UIEvent } from 'react';
import { toast } from '../../ui/toast';
import { poiGlyph } from './poiIcons';
import type { Measurement } from './records';
import { useSurvey } from './SurveyProvider';
import { usePoiIdentifier } from './usePoiNaming';
import { usePoiTypes } from './usePoiTypes';

export const ROW_HEIGHT_PX = 56;
const VIEW_HEIGHT_PX = 448;
const OVERSCAN_ROWS = 6;

/** The rows to render for a scroll position: [first, end). */
export function visibleRange(scrollTop: number, count: number, viewHeight = VIEW_HEIGHT_PX, rowHeight = ROW_HEIGHT_PX): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + OVERSCAN_ROWS);
  return [first, Math.max(first, end)];
}

const fixed = (value: unknown, digits: number) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—');

export function MeasurementList() {
  const { active, measurements, remove } = useSurvey();
  const poiTypes = usePoiTypes();
  const poiIdentifier = usePoiIdentifier();
  const [scrollTop, setScrollTop] = useState(0);
  const [editing, setEditing] = useState<Measurement | null>(null);
  const headingId = useId();
  if (!active) return null;

  const label = (type: string) => poiTypes?.find((t) => t.type === type);
  const [first, end] = visibleRange(scrollTop, measurements.length);
  const rows = measurements.slice(first, end);

  const confirmDelete = async (m: Measurement) => {
    const name = poiIdentifier(m);
    if (!window.confirm(`Delete measurement ${name}? This cannot be undone.`)) return;
    try {
      await remove(m);
      toast({ title: `Measurement ${name} deleted` });
    } catch (error) {
      toast({ title: 'Failed to delete measurement', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={headingId} className="measurements">
      <h3 id={headingId}>
        Measurements <span className="count">({measurements.length.toLocaleString('en')})</span>
      </h3>
      {editing && <EditMeasurement key={editing.id} measurement={editing} onDone={() => setEditing(null)} />}
      {measurements.length === 0 ? (
        <p>No measurements yet.</p>
      ) : (
        <div
          className="measurements__view"
          style={{ height: Math.min(VIEW_HEIGHT_PX, measurements.length * ROW_HEIGHT_PX + 2) }}
          onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
          tabIndex={0}
          aria-label="Measurements, newest first"
        >
          <ol className="measurements__list" style={{ height: measurements.length * ROW_HEIGHT_PX }} aria-labelledby={headingId}>
            {rows.map((m, i) => {
              const info = label(m.poi_type ?? '');
              const name = poiIdentifier(m);
              return (
                <li
                  key={m.id}
                  className="measurements__row"
                  style={{ top: (first + i) * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }}
                  aria-setsize={measurements.length}
                  aria-posinset={first + i + 1}
                  data-measurement-id={m.id}
                >
                  <span className="poi-swatch" style={{ background: info?.colour ?? '#6b7280' }} aria-hidden="true">
                    {poiGlyph(info?.icon ?? 'circle')}
                  </span>
                  <span className="measurements__main">
                    <strong>{name}</strong> {info?.label ?? m.poi_type ?? ''} · {fixed(m.rel, 3)} m
                    <span className="measurements__meta">
                      {m.utcDate} {m.utcTime} · {fixed(m.latitude, 6)}, {fixed(m.longitude, 6)}
                      {m.note ? ` · ${m.note}` : ''}
                    </span>
                  </span>
                  <button type="button" onClick={() => setEditing(m)} aria-label={`Edit measurement ${name}`}>
                    Edit
                  </button>
                  <button type="button" onClick={() => void confirmDelete(m)} aria-label={`Delete measurement ${name}`}>
                    Delete
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}

function EditMeasurement({ measurement, onDone }: { measurement: Measurement; onDone: () => void }) {
  const { update } = useSurvey();
  const poiTypes = usePoiTypes();
  const poiIdentifier = usePoiIdentifier();
  const id = useId();
  const [height, setHeight] = useState(String(measurement.rel ?? ''));
  const [note, setNote] = useState(measurement.note ?? '');
  const [poiType, setPoiType] = useState(measurement.poi_type ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = poiIdentifier(measurement);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rel = Number.parseFloat(height.replace(',', '.'));
    if (!Number.isFinite(rel) || rel < 0) {
      setError('Enter the height in metres (0 or more).');
      return;
    }
    try {
      await update({ ...measurement, rel, note, poi_type: poiType });
      onDone();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  return (
    <form className="measurement-edit" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h4 id={`${id}-title`}>Edit measurement {name}</h4>
      <div className="field">
        <label htmlFor={`${id}-height`}>Height</label>
        <input id={`${id}-height`} inputMode="decimal" value={height} onChange={(e) => setHeight(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>POI type</label>
        <select id={`${id}-type`} value={poiType} onChange={(e) => setPoiType(e.target.value)}>
          {(poiTypes ?? []).map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note</label>
        <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit">Save changes</button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
