// The map's GeoJSON from records: markers styled from a POI table (the layers of
// featureLayer.ts), the trace cut at its gaps, routes from their geometry or their points, the accuracy circle.
import { describe, expect, it } from 'vitest';
import type { PoiTypeInfo } from '../../core/survey';
import type { Measurement, Route, RoutePoint, VehicleTracePoint } from '../../model';
import {
  accuracyMetres,
  followMustMove,
  sameBearing,
  draftFeatures,
  poiStyle,
  metresPerPixel,
  routeFeatures,
} from './mapData';
import { MeasurementLayer, TraceLayer } from './featureLayer';
import { markerStyler } from './markerStyle';

const TABLE: PoiTypeInfo[] = [
  { type: '', label: 'None', colour: '#111111', icon: 'circle' },
  { type: 'bridge', label: 'Bridge', colour: '#aa0000', icon: 'bridge' },
  { type: 'wire', label: 'Overhead wire', colour: '#00bb00', icon: 'cable' },
];

const measurement = (id: string, lat: number | undefined, lng: number | undefined, poi_type?: string): Measurement =>
  ({ id, user_id: 's1', source: 'manual', latitude: lat, longitude: lng, poi_type }) as Measurement;

const tracePoint = (lat: number, lng: number, gapBefore?: boolean): VehicleTracePoint =>
  ({ id: `${lat},${lng}`, timestamp: `2026-06-01T08:00:${String(lat * 10).padStart(3, '0')}Z`, surveyId: 's1', latitude: lat, longitude: lng, gapBefore }) as VehicleTracePoint;

describe('marker styling from the POI table', () => {
  it('takes the colour and icon of the measurement’s type', () => {
    expect(poiStyle(TABLE, 'wire')).toEqual({ colour: '#00bb00', icon: 'cable', label: 'Overhead wire' });
    expect(poiStyle(TABLE, undefined)).toEqual({ colour: '#111111', icon: 'circle', label: 'None' });
  });

  it('draws a type the table does not know in grey with a plain circle', () => {
    expect(poiStyle(TABLE, 'volcano')).toEqual({ colour: '#6b7280', icon: 'circle', label: 'volcano' });
  });

  it('never passes on a colour that is not #rrggbb', () => {
    expect(poiStyle([{ type: 'x', label: 'X', colour: 'red; }', icon: 'flag' }], 'x').colour).toBe('#6b7280');
  });
});

describe('measurement points', () => {
  it('one point per placed measurement, [lng, lat], with its type’s style; the unplaced are counted', () => {
    const layer = new MeasurementLayer('s1', markerStyler(TABLE, null, null));
    layer.load([
      measurement('a', 43.73, 7.42, 'bridge'),
      measurement('b', undefined, 7.4),
      measurement('c', 43.74, 7.43, 'wire'),
      measurement('d', 95, 7.4),
      measurement('e', Number.NaN, 7.4),
    ]);
    const collection = layer.layer.collection();
    expect(layer.unplaced).toBe(3);
    expect(collection.features.map((f) => f.geometry.coordinates)).toEqual([
      [7.42, 43.73],
      [7.43, 43.74],
    ]);
    // No load profile: no clearance status.
    expect(collection.features.map((f) => f.properties)).toEqual([
      { mid: 'a', colour: '#aa0000', icon: 'bridge', status: '' },
      { mid: 'c', colour: '#00bb00', icon: 'cable', status: '' },
    ]);
  });
});

/** The trace's lines, each as its positions. */
function traceLines(points: VehicleTracePoint[]): number[][][] {
  const layer = new TraceLayer('s1');
  layer.load(points);
  return layer.layer.collection().features.map((f) => f.geometry.coordinates);
}

describe('the vehicle trace', () => {
  it('a point after a gap starts a new line: no line crosses the gap', () => {
    const segments = traceLines([
      tracePoint(1, 1, true),
      tracePoint(1.1, 1.1),
      tracePoint(1.2, 1.2),
      tracePoint(5, 5, true),
      tracePoint(5.1, 5.1),
    ]);
    expect(segments).toEqual([
      [
        [1, 1],
        [1.1, 1.1],
        [1.2, 1.2],
      ],
      [
        [5, 5],
        [5.1, 5.1],
      ],
    ]);
    for (const s of segments) expect(s.some(([lng]) => lng === 1.2) && s.some(([lng]) => lng === 5)).toBe(false);
  });

  it('a lone point between two gaps draws no line; no gap means one line', () => {
    expect(traceLines([tracePoint(1, 1), tracePoint(2, 2), tracePoint(3, 3, true), tracePoint(4, 4, true), tracePoint(5, 5)])).toHaveLength(2);
    expect(traceLines([tracePoint(1, 1), tracePoint(2, 2), tracePoint(3, 3)])).toHaveLength(1);
    expect(traceLines([])).toEqual([]);
  });
});

describe('routes', () => {
  const point = (type: RoutePoint['type'], lat: number, lng: number, order: number | null): RoutePoint =>
    ({ id: `${type}${order}`, routeId: 'r1', position: [lat, lng], type, order }) as RoutePoint;
  const route = (over: Partial<Route>): Route =>
    ({ id: 'r1', surveyId: 's1', name: 'North loop', color: '#ff8800', points: [], routeGeometry: [], ...over }) as Route;

  it('a route with a geometry is drawn along it, in its colour', () => {
    const { features } = routeFeatures([{ route: route({ routeGeometry: [{ lat: 1, lng: 2 }, { lat: 3, lng: 4 }, { lat: 5, lng: 6 }] }), points: [] }]);
    expect(features).toHaveLength(1);
    expect(features[0]?.geometry.coordinates).toEqual([
      [2, 1],
      [4, 3],
      [6, 5],
    ]);
    expect(features[0]?.properties.colour).toBe('#ff8800');
  });

  it('without a geometry: straight lines origin → waypoints in order → destination', () => {
    const points = [point('destination', 9, 9, null), point('waypoint', 3, 3, 1), point('origin', 1, 1, null), point('waypoint', 2, 2, 0)];
    const { features } = routeFeatures([{ route: route({ color: 'nonsense' }), points }]);
    expect(features[0]?.geometry.coordinates).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [9, 9],
    ]);
    expect(features[0]?.properties.colour).toBe('#3b82f6');
  });

  it('a route with fewer than two usable points draws nothing', () => {
    expect(routeFeatures([{ route: route({}), points: [point('origin', 1, 1, null)] }]).features).toEqual([]);
  });

  it('the draft route: its line and each of its points with their kind', () => {
    const { features } = draftFeatures({
      points: [
        { lat: 2, lng: 2, kind: 'destination' },
        { lat: 1, lng: 1, kind: 'origin' },
      ],
      color: '#123456',
    });
    expect(features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    expect(features[0]?.geometry.coordinates).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(draftFeatures(null).features).toEqual([]);
  });
});

describe('the live position', () => {
  it('accuracy from the receiver’s GST errors first, else HDOP × 5 m, else none', () => {
    expect(accuracyMetres({ latitude: 0, longitude: 0, course: null, hdop: 2, errLatM: 3, errLonM: 4 })).toBe(5);
    expect(accuracyMetres({ latitude: 0, longitude: 0, course: null, hdop: 1.2 })).toBeCloseTo(6);
    expect(accuracyMetres({ latitude: 0, longitude: 0, course: null, hdop: null })).toBeNull();
  });

  it('metres per pixel: 512 px tiles, shrinking with the cosine of the latitude', () => {
    // Zoom 0: the equator's 40 075 km over one 512 px tile.
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.52, 1);
    expect(metresPerPixel(60, 10)).toBeCloseTo(78_271.52 / 2 / 1024, 3);
  });
});

describe('following in north-up: the map moves only when the position leaves its middle', () => {
  const size = { width: 800, height: 600 };
  it('stays while the position is within a quarter of the width and height of the centre', () => {
    expect(followMustMove({ x: 400, y: 300 }, size)).toBe(false);
    expect(followMustMove({ x: 599, y: 449 }, size)).toBe(false);
    expect(followMustMove({ x: 201, y: 151 }, size)).toBe(false);
  });
  it('moves once it is past that, on either axis, or not on the screen plane at all', () => {
    expect(followMustMove({ x: 601, y: 300 }, size)).toBe(true);
    expect(followMustMove({ x: 400, y: 149 }, size)).toBe(true);
    expect(followMustMove({ x: -5000, y: 300 }, size)).toBe(true);
    expect(followMustMove({ x: Number.NaN, y: 300 }, size)).toBe(true);
  });
});

describe('bearings compared as maplibre gives them back (wrapped to ±180°, through radians)', () => {
  it('the same direction whatever its wrapping or rounding', () => {
    expect(sameBearing(-160, 200)).toBe(true);
    expect(sameBearing(0.10000000000002274, 0.1)).toBe(true);
    expect(sameBearing(-180, 180)).toBe(true);
    expect(sameBearing(359.9999999999, 0)).toBe(true);
    expect(sameBearing(720, 0)).toBe(true);
  });
  it('another direction, however close', () => {
    expect(sameBearing(10, 11)).toBe(false);
    expect(sameBearing(0, 0.01)).toBe(false);
    expect(sameBearing(90, -90)).toBe(false);
  });
});
