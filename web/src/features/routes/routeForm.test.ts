// The planner's form rules: 'lat, lng' reading, every message at once by field (SPEC §5
// wording), waypoint moves, and records that read back to the same form.
import { describe, expect, it } from 'vitest';
import {
  draftOf,
  emptyRouteForm,
  fromRecords,
  moveWaypoint,
  parseLatLng,
  routeFormErrors,
  toRecords,
  type RouteForm,
} from './routeForm';

const form = (patch: Partial<RouteForm>): RouteForm => ({ ...emptyRouteForm(), ...patch });

describe('parseLatLng', () => {
  it('reads lat, lng with or without spaces, and refuses what is not a position', () => {
    expect(parseLatLng('43.7311, 7.4197')).toEqual({ lat: 43.7311, lng: 7.4197 });
    expect(parseLatLng(' -33.8688,151.2093 ')).toEqual({ lat: -33.8688, lng: 151.2093 });
    expect(parseLatLng('91, 7')).toBeNull();
    expect(parseLatLng('43.7, 181')).toBeNull();
    expect(parseLatLng('Monaco')).toBeNull();
    expect(parseLatLng('')).toBeNull();
  });
});

describe('routeFormErrors', () => {
  it('an empty route: the SPEC message next to both origin and destination at once', () => {
    expect(routeFormErrors(emptyRouteForm())).toEqual({
      origin: 'Route must have both an origin and destination point',
      destination: 'Route must have both an origin and destination point',
    });
  });

  it('an unreadable waypoint is reported on that waypoint only', () => {
    const errors = routeFormErrors(
      form({ origin: '43.73, 7.41', destination: '43.74, 7.42', waypoints: [{ key: 'a', text: '43.735, 7.415' }, { key: 'b', text: 'here' }] }),
    );
    expect(Object.keys(errors)).toEqual(['waypoints']);
    expect(Object.keys(errors.waypoints ?? {})).toEqual(['b']);
  });
});

describe('moveWaypoint', () => {
  it('moves one item, clamps to the ends, and leaves the input alone', () => {
    const list = ['a', 'b', 'c'];
    expect(moveWaypoint(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveWaypoint(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveWaypoint(list, 0, -5)).toEqual(['a', 'b', 'c']);
    expect(moveWaypoint(list, 1, 99)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('records', () => {
  it('a route is stored with its points in travel order (SPEC §3) and reads back to the same form', () => {
    const filled = form({
      name: 'Port run',
      routeNumber: 'R7',
      origin: '43.7311, 7.4197',
      waypoints: [{ key: 'w1', text: '43.7365, 7.4215' }],
      destination: '43.7402, 7.4262',
      geometry: [
        { lat: 43.7311, lng: 7.4197 },
        { lat: 43.7402, lng: 7.4262 },
      ],
      source: 'straight-lines',
    });
    const { route, points } = toRecords(filled, 'survey-1', 'route-1', new Date('2026-11-24T01:00:00Z'));
    expect(route).toMatchObject({ id: 'route-1', surveyId: 'survey-1', name: 'Port run', routeNumber: 'R7', color: '#3b82f6' });
    expect(points.map((p) => [p.type, p.order, p.position])).toEqual([
      ['origin', 0, [43.7311, 7.4197]],
      ['waypoint', 1, [43.7365, 7.4215]],
      ['destination', 2, [43.7402, 7.4262]],
    ]);
    expect(route.routeGeometry).toEqual(filled.geometry);
    const back = fromRecords(route, [...points].reverse());
    expect({ ...back, waypoints: back.waypoints.map((w) => w.text) }).toEqual({
      ...filled,
      id: 'route-1',
      createdAt: '2026-11-24T01:00:00.000Z',
      waypoints: ['43.7365, 7.4215'],
    });
  });

  it('the map draft has the points that parse, their kinds, the line and the colour', () => {
    expect(draftOf(emptyRouteForm())).toBeNull();
    expect(draftOf(form({ origin: '1, 2', waypoints: [{ key: 'x', text: 'bad' }], destination: '3, 4', color: '#ff0000' }))).toEqual({
      points: [
        { lat: 1, lng: 2, kind: 'origin' },
        { lat: 3, lng: 4, kind: 'destination' },
      ],
      color: '#ff0000',
    });
  });
});
