// The workspace's map (issue 12 point 2): the field map (features/map, maplibre loaded
// lazily) with the route being planned drawn over the saved ones, and taps on the map filling
// the planner's field that asked for a point ('Pick on map').
import { FieldMap } from '../features/map';
import { useRouteDraft } from '../features/routes';

export function MapSlot() {
  const { draft, pickPoint } = useRouteDraft();
  return (
    <div className="map-slot">
      <FieldMap onMapClick={pickPoint} draftRoute={draft} />
    </div>
  );
}
