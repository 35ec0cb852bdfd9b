// The survey's records as GeoJSON for the map (pure functions, no maplibre): a POI type's
// style, saved routes and a draft route as lines, the live position with its accuracy
// circle (the markers and the trace, kept incrementally, are in featureLayer.ts).
// Coordinates go out in GeoJSON's [lng, lat] order.
import type { PoiTypeInfo } from '../../core/survey';
import type { Route, RoutePoint } from '../../model';

export interface MapPoint {
  lat: number;
  lng: number;
}

export type DraftPointKind = 'origin' | 'waypoint' | 'destination';

export interface DraftRoute {
  points: (MapPoint & { kind: DraftPointKind })[];
  geometry?: MapPoint[];
  color?: string;
}

type Position = [number, number];
export interface PointFeature<P> {
  type: 'Feature';
  id?: number;
  geometry: { type: 'Point'; coordinates: Position };
  properties: P;
}
export interface LineFeature<P> {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: Position[] };
  properties: P;
}
export interface PolygonFeature<P> {
  type: 'Feature';
  geometry: { type: 'Polygon'; coordinates: Position[][] };
  properties: P;
}
export interface Collection<F> {
  type: 'FeatureCollection';
  features: F[];
}

/** The colour and icon of a POI type with no entry in the table. */
export const UNKNOWN_POI = { colour: '#6b7280', icon: 'circle' } as const;
/** A saved route without a usable colour is drawn in the SPEC's default route colour. */
export const DEFAULT_ROUTE_COLOUR = '#3b82f6';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A usable position, or null: both numbers finite and within the globe. */
export function validPoint(lat: unknown, lng: unknown): Position | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lng, lat];
}

/** The colour and icon a measurement of this stored `poi_type` is drawn with. */
export function poiStyle(table: readonly PoiTypeInfo[], poiType: string | undefined): { colour: string; icon: string; label: string } {
  const info = table.find((t) => t.type === (poiType ?? ''));
  if (!info) return { ...UNKNOWN_POI, label: poiType ?? '' };
  return { colour: COLOUR.test(info.colour) ? info.colour : UNKNOWN_POI.colour, icon: info.icon || UNKNOWN_POI.icon, label: info.label };
}

const KIND_ORDER: Record<string, number> = { origin: 0, waypoint: 1, destination: 2 };

/** Route points in driving order: origin, waypoints by `order`, destination. */
export function orderedRoutePoints(points: readonly RoutePoint[]): RoutePoint[] {
  return [...points].sort((a, b) => (KIND_ORDER[a.type] ?? 1) - (KIND_ORDER[b.type] ?? 1) || (a.order ?? 0) - (b.order ?? 0));
}

export interface RouteProps {
  rid: string;
  colour: string;
  name: string;
}

/** A line per saved route: its geometry, or straight between its points when it has none. */
export function routeFeatures(list: readonly { route: Route; points: readonly RoutePoint[] }[]): Collection<LineFeature<RouteProps>> {
  const features: LineFeature<RouteProps>[] = [];
  for (const { route, points } of list) {
    const geometry = (route.routeGeometry ?? []).map((g) => validPoint(g.lat, g.lng)).filter((p): p is Position => p !== null);
    const line =
      geometry.length >= 2
        ? geometry
        : orderedRoutePoints(points.length > 0 ? points : (route.points ?? []))
            .map((p) => validPoint(p.position?.[0], p.position?.[1]))
            .filter((p): p is Position => p !== null);
    if (line.length < 2) continue;
    const colour = typeof route.color === 'string' && COLOUR.test(route.color) ? route.color : DEFAULT_ROUTE_COLOUR;
    features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: line }, properties: { rid: route.id, colour, name: route.name } });
  }
  return { type: 'FeatureCollection', features };
}

/** The draft route: its line (geometry, else straight through its points) and its points. */
export function draftFeatures(
  draft: DraftRoute | null | undefined,
): Collection<LineFeature<{ colour: string }> | PointFeature<{ colour: string; kind: DraftPointKind }>> {
  if (!draft) return { type: 'FeatureCollection', features: [] };
  const colour = draft.color && COLOUR.test(draft.color) ? draft.color : DEFAULT_ROUTE_COLOUR;
  const pts = draft.points.map((p) => ({ at: validPoint(p.lat, p.lng), kind: p.kind }));
  const ordered = [...pts].sort((a, b) => (KIND_ORDER[a.kind] ?? 1) - (KIND_ORDER[b.kind] ?? 1));
  const geometry = (draft.geometry ?? []).map((g) => validPoint(g.lat, g.lng)).filter((p): p is Position => p !== null);
  const line = geometry.length >= 2 ? geometry : ordered.map((p) => p.at).filter((p): p is Position => p !== null);
  const features: (LineFeature<{ colour: string }> | PointFeature<{ colour: string; kind: DraftPointKind }>)[] = [];
  if (line.length >= 2) features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: line }, properties: { colour } });
  for (const p of pts) if (p.at) features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: p.at }, properties: { colour, kind: p.kind } });
  return { type: 'FeatureCollection', features };
}

/** Metres of horizontal uncertainty a receiver's HDOP stands for (a typical UERE). */
export const UERE_M = 5;

export interface LivePosition {
  latitude: number | null;
  longitude: number | null;
  /** degrees true */
  course: number | null;
  hdop: number | null;
  /** The receiver's own 1-sigma errors (GST), when it reports them. */
  errLatM?: number | null;
  errLonM?: number | null;
}

/** The position's horizontal accuracy in metres: the receiver's GST errors, else HDOP × UERE. */
export function accuracyMetres(p: LivePosition): number | null {
  const { errLatM, errLonM, hdop } = p;
  if (typeof errLatM === 'number' && typeof errLonM === 'number' && Number.isFinite(errLatM) && Number.isFinite(errLonM)) {
    return Math.hypot(errLatM, errLonM);
  }
  return typeof hdop === 'number' && Number.isFinite(hdop) && hdop > 0 ? hdop * UERE_M : null;
}

/** Web Mercator metres per CSS pixel at a latitude and zoom (maplibre's 512 px tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);
}

/**
 * While following in north-up, the position may drift this fraction of the map's width (or
 * height) from its centre before the map moves to it again: a car at 50 km/h on a zoom-15
 * map moves the camera once a minute or so instead of every second, and each move redraws
 * the whole map (bench gps-panel: that redraw was a third of the workspace's main thread).
 */
export const FOLLOW_SLACK = 0.25;

/**
 * Whether two bearings (degrees) point the same way. maplibre keeps the bearing wrapped to
 * ±180° and in radians, so a course of 200 reads back as −160 and 0.1 as 0.10000000000002274:
 * compared with ===, heading-up found the map turned wrong after every fix and jumped it.
 */
export function sameBearing(a: number, b: number): boolean {
  return Math.abs(((((a - b) % 360) + 540) % 360) - 180) < 1e-6;
}

/**
 * Whether following must move the camera to the position at `at` (px from the map's top
 * left corner, as maplibre's project gives): when it is off the map's middle (FOLLOW_SLACK
 * of the width or height from the centre), or not a finite point (behind the camera).
 */
export function followMustMove(at: { x: number; y: number }, size: { width: number; height: number }): boolean {
  if (!Number.isFinite(at.x) || !Number.isFinite(at.y)) return true;
  return Math.abs(at.x - size.width / 2) > size.width * FOLLOW_SLACK || Math.abs(at.y - size.height / 2) > size.height * FOLLOW_SLACK;
}
