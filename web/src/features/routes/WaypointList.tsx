// The route's waypoints, in travel order: each a 'lat, lng' field with 'Pick on map' and
// 'Remove', reordered by dragging its handle or, from the keyboard, by focusing the handle
// and pressing the up and down arrows (the new position is announced).
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { Field } from '../../ui/Field';
import { moveWaypoint, type WaypointField } from './routeForm';
import type { PickTarget } from './RouteDraftProvider';

interface WaypointListProps {
  waypoints: WaypointField[];
  errors: Record<string, string>;
  pickTarget: PickTarget;
  onChange: (waypoints: WaypointField[]) => void;
  onPick: (target: PickTarget) => void;
}

export function WaypointList({ waypoints, errors, pickTarget, onChange, onPick }: WaypointListProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number, focusHandle: boolean) => {
    const target = Math.max(0, Math.min(waypoints.length - 1, to));
    if (target === from) return;
    const moved = waypoints[from];
    onChange(moveWaypoint(waypoints, from, target));
    setAnnouncement(`Waypoint moved to position ${target + 1} of ${waypoints.length}`);
    if (focusHandle && moved) requestAnimationFrame(() => document.getElementById(`handle-${moved.key}`)?.focus());
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp') move(index, index - 1, true);
    else if (event.key === 'ArrowDown') move(index, index + 1, true);
    else return;
    event.preventDefault();
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, index, false);
    setDragging(null);
  };

  return (
    <div className="waypoints">
      <ol className="waypoints__list">
        {waypoints.map((w, index) => (
          <li
            key={w.key}
            className={`waypoints__item ${dragging === index ? 'waypoints__item--dragging' : ''}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
          >
            <button
              type="button"
              id={`handle-${w.key}`}
              className="waypoints__handle"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', w.key);
                setDragging(index);
              }}
              onDragEnd={() => setDragging(null)}
              onKeyDown={(event) => onHandleKey(event, index)}
              aria-label={`Reorder waypoint ${index + 1}`}
              aria-describedby="waypoint-reorder-hint"
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <Field
              label={`Waypoint ${index + 1}`}
              value={w.text}
              placeholder="lat, lng"
              error={errors[w.key] ?? null}
              onChange={(text) => onChange(waypoints.map((x) => (x.key === w.key ? { ...x, text } : x)))}
              after={
                <>
                  <PickToggle label={`Pick on map for waypoint ${index + 1}`} on={pickTarget === w.key} onToggle={(on) => onPick(on ? w.key : null)} />
                  <button type="button" onClick={() => onChange(waypoints.filter((x) => x.key !== w.key))} aria-label={`Remove waypoint ${index + 1}`}>
                    Remove
                  </button>
                </>
              }
            />
          </li>
        ))}
      </ol>
      <p id="waypoint-reorder-hint" className="visually-hidden">
        Drag, or press the up and down arrows, to change the order.
      </p>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}

/** 'Pick on map': while on, the next tap on the map fills this field. */
export function PickToggle({ label, on, onToggle }: { label: string; on: boolean; onToggle: (on: boolean) => void }) {
  return (
    <button type="button" className="pick-toggle" aria-pressed={on} aria-label={label} onClick={() => onToggle(!on)}>
      Pick on map
    </button>
  );
}
