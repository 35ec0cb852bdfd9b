// The active survey's measurements, newest first, with edit and delete. Virtualised: only
// the rows in view (plus a margin) are in the page, and only those are read from the store
// (in blocks of PAGE_ROWS, dropped when the survey changes), so 100,000 measurements open
// and scroll as quickly as ten.
import { useEffect, useId, useState, type FormEvent, type UIEvent } from 'react';
import type { Measurement } from '../../model';
import { toast } from '../../ui/toast';
import { MediaThumbs } from '../camera';
import { ClearanceChip, ComparePrevious, PreviousChip } from '../clearance';
import { poiGlyph } from './poiIcons';
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

/** Rows read from the store at a time. */
export const PAGE_ROWS = 50;

/**
 * The rows [first, end) of the active survey, newest first: the workspace's newest page, then
 * blocks read on demand. Missing rows are undefined until their block arrives.
 */
function useRows(first: number, end: number): (Measurement | undefined)[] {
  const { newest, page, version } = useSurvey();
  const [blocks, setBlocks] = useState<{ version: number; rows: Map<number, readonly Measurement[]> }>({ version, rows: new Map() });
  const current = blocks.version === version ? blocks.rows : new Map<number, readonly Measurement[]>();
  const firstBlock = Math.floor(first / PAGE_ROWS);
  const lastBlock = Math.floor(Math.max(first, end - 1) / PAGE_ROWS);
  const wanted: number[] = [];
  for (let b = firstBlock; b <= lastBlock; b += 1) if (!(b === 0 && newest.length >= Math.min(end, PAGE_ROWS)) && !current.has(b)) wanted.push(b);
  const key = wanted.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    void Promise.all(key.split(',').map(async (b) => [Number(b), await page(Number(b) * PAGE_ROWS, PAGE_ROWS)] as const)).then((read) => {
      if (!live) return;
      setBlocks((previous) => {
        const rows = new Map(previous.version === version ? previous.rows : []);
        for (const [b, list] of read) rows.set(b, list);
        return { version, rows };
      });
    });
    return () => {
      live = false;
    };
  }, [key, page, version]);
  const out: (Measurement | undefined)[] = [];
  for (let i = first; i < end; i += 1) {
    const b = Math.floor(i / PAGE_ROWS);
    const block = b === 0 && !current.has(0) ? newest : current.get(b);
    out.push(block?.[i - b * PAGE_ROWS]);
  }
  return out;
}

export function MeasurementList() {
  const { active, count, remove } = useSurvey();
  const poiTypes = usePoiTypes();
  const poiIdentifier = usePoiIdentifier();
  const [scrollTop, setScrollTop] = useState(0);
  const [editing, setEditing] = useState<Measurement | null>(null);
  const headingId = useId();
  const [first, end] = visibleRange(scrollTop, count);
  const rows = useRows(first, end);
  if (!active) return null;

  const label = (type: string) => poiTypes?.find((t) => t.type === type);

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
        Measurements <span className="count">({count.toLocaleString('en')})</span>
      </h3>
      <ComparePrevious surveyId={active.id} />
      {editing && <EditMeasurement key={editing.id} measurement={editing} onDone={() => setEditing(null)} />}
      {count === 0 ? (
        <p>No measurements yet.</p>
      ) : (
        <div
          className="measurements__view"
          style={{ height: Math.min(VIEW_HEIGHT_PX, count * ROW_HEIGHT_PX + 2) }}
          onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
          tabIndex={0}
          aria-label="Measurements, newest first"
        >
          <ol className="measurements__list" style={{ height: count * ROW_HEIGHT_PX }} aria-labelledby={headingId}>
            {rows.map((m, i) => {
              if (!m) {
                return (
                  <li key={`loading-${first + i}`} className="measurements__row" style={{ top: (first + i) * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }} aria-busy="true">
                    Loading…
                  </li>
                );
              }
              const info = label(m.poi_type ?? '');
              const name = poiIdentifier(m);
              return (
                <li
                  key={m.id}
                  className="measurements__row"
                  style={{ top: (first + i) * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }}
                  aria-setsize={count}
                  aria-posinset={first + i + 1}
                  data-measurement-id={m.id}
                >
                  <span className="poi-swatch" style={{ background: info?.colour ?? '#6b7280' }} aria-hidden="true">
                    {poiGlyph(info?.icon ?? 'circle')}
                  </span>
                  <span className="measurements__main">
                    <span className="measurements__line">
                      <span className="measurements__height">{fixed(m.rel, 3)} m</span> <strong>{name}</strong>{' '}
                      <span>{info?.label ?? m.poi_type ?? ''}</span> <ClearanceChip measurement={m} load={active.loadProfile} /> <PreviousChip measurement={m} />
                    </span>{' '}
                    <span className="measurements__meta">
                      {m.utcDate} {m.utcTime} · {fixed(m.latitude, 6)}, {fixed(m.longitude, 6)}
                      {m.note ? ` · ${m.note}` : ''}
                    </span>
                  </span>
                  <MediaThumbs measurement={m} name={name} />
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
