// The details of the measurement a surveyor tapped (or opened with Enter) on the map: its
// POI identifier and type, height, clearance status against the load, note, time, position
// and its photo (the camera feature's thumbnail, full size on tap), read from the local store.
import { useEffect, useRef, useState } from 'react';
import { loadPoiNaming } from '../../core/survey';
import type { LoadProfile, Measurement } from '../../model';
import { MediaThumbs } from '../camera';
import { ClearanceChip } from '../clearance';
import { stores } from '../../services/storage';
import { poiStyle } from './mapData';
import { usePoiTable } from './useMapData';

const fixed = (value: unknown, digits: number) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—');

export function MeasurementDetails({ id, load, onClose }: { id: string; load: LoadProfile | null | undefined; onClose: () => void }) {
  const [state, setState] = useState<{ id: string; measurement: Measurement | null; name: string } | null>(null);
  const table = usePoiTable();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const measurement = (await stores.measurements.get(id)) ?? null;
      const naming = await loadPoiNaming().catch(() => null);
      const name = measurement && naming ? naming.identifier(measurement.roadNumber, measurement.poiNumber) : '';
      if (live) setState({ id, measurement, name });
    })();
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => heading.current?.focus(), [state]);

  const m = state?.id === id ? state.measurement : undefined;
  const style = m ? poiStyle(table ?? [], m.poi_type) : null;
  return (
    <section aria-label="Measurement details" className="field-map__details">
      <h3 ref={heading} tabIndex={-1}>
        {m === undefined ? 'Loading…' : m === null ? 'This measurement is no longer stored' : `Measurement ${state?.name ?? ''}`}
      </h3>
      {m && style && (
        <dl>
          <dt>POI type</dt>
          <dd>
            <span className="poi-swatch" style={{ background: style.colour }} aria-hidden="true" /> {style.label || '—'}
          </dd>
          <dt>Height</dt>
          <dd>{fixed(m.rel, 3)} m</dd>
          {load && (
            <>
              <dt>Clearance</dt>
              <dd>
                <ClearanceChip measurement={m} load={load} />
              </dd>
            </>
          )}
          <dt>Note</dt>
          <dd>{m.note || '—'}</dd>
          <dt>Taken</dt>
          <dd>
            {m.utcDate ?? ''} {m.utcTime ?? ''} UTC
          </dd>
          <dt>Position</dt>
          <dd>
            {fixed(m.latitude, 6)}, {fixed(m.longitude, 6)}
          </dd>
          {(m.imageUrl || m.drawingUrl) && (
            <>
              <dt>Photo</dt>
              <dd>
                <MediaThumbs measurement={m} name={`measurement ${state?.name ?? ''}`.trim()} />
              </dd>
            </>
          )}
        </dl>
      )}
      <button type="button" onClick={onClose}>
        Close details
      </button>
    </section>
  );
}
