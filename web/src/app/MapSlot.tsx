// Where the workspace's map goes (issue 12 point 2). The map itself (features/map,
// FieldMap, maplibre loaded lazily) is built on another branch; on merge this body becomes
//   <FieldMap onMapClick={pickPoint} draftRoute={draft} />
// with { draft, pickPoint } from useRouteDraft() (features/routes), which this slot already
// reads. Until then, a plain region that says what will be here.
import { useRouteDraft } from '../features/routes';

export function MapSlot() {
  const { draft } = useRouteDraft();
  return (
    <section aria-label="Map" className="map-slot">
      <p className="map-slot__placeholder">
        The map appears here.
        {draft && ` Route being planned: ${draft.points.length} points${draft.geometry ? `, a line of ${draft.geometry.length}` : ''}.`}
      </p>
    </section>
  );
}
