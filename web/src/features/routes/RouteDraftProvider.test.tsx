// The draft the map reads and the tap that places a point: pickPoint fills only the field
// whose 'Pick on map' toggle is on, turns the toggle off, and the draft follows the form.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickInto, RouteDraftProvider, useRouteDraft, useRoutePlanner } from './RouteDraftProvider';
import { emptyRouteForm } from './routeForm';

describe('pickInto', () => {
  it('writes the position into the chosen field only', () => {
    const form = { ...emptyRouteForm(), waypoints: [{ key: 'a', text: '' }, { key: 'b', text: '9, 9' }] };
    expect(pickInto(form, 'origin', { lat: 43.7311, lng: 7.4197 }).origin).toBe('43.7311, 7.4197');
    expect(pickInto(form, 'destination', { lat: -1.5, lng: 2 }).destination).toBe('-1.5, 2');
    expect(pickInto(form, 'a', { lat: 1.1234567, lng: 2 }).waypoints.map((w) => w.text)).toEqual(['1.123457, 2', '9, 9']);
    expect(pickInto(form, null, { lat: 1, lng: 2 })).toBe(form);
    expect(pickInto(form, 'gone', { lat: 1, lng: 2 })).toBe(form);
  });
});

describe('RouteDraftProvider', () => {
  it('a tap fills the field being picked, then picking stops; the draft has the map shape', () => {
    const seen = {} as { map: ReturnType<typeof useRouteDraft>; planner: ReturnType<typeof useRoutePlanner> };
    function Probe() {
      seen.map = useRouteDraft();
      seen.planner = useRoutePlanner();
      return null;
    }
    render(
      <RouteDraftProvider>
        <Probe />
      </RouteDraftProvider>,
    );
    expect(seen.map.draft).toBeNull();
    act(() => seen.map.pickPoint({ lat: 1, lng: 2 }));
    expect(seen.planner.form.origin).toBe('');

    act(() => seen.planner.setPickTarget('origin'));
    act(() => seen.map.pickPoint({ lat: 43.7311, lng: 7.4197 }));
    expect(seen.planner.form.origin).toBe('43.7311, 7.4197');
    expect(seen.planner.pickTarget).toBeNull();

    act(() => seen.planner.setPickTarget('destination'));
    act(() => seen.map.pickPoint({ lat: 43.7402, lng: 7.4262 }));
    expect(seen.map.draft).toEqual({
      points: [
        { lat: 43.7311, lng: 7.4197, kind: 'origin' },
        { lat: 43.7402, lng: 7.4262, kind: 'destination' },
      ],
      color: '#3b82f6',
    });
  });
});
