// The route planner's form as plain data (issue 12 points 4–5; SPEC §3 Route and Route
// point, §5 Routes): reading 'lat, lng' text, every validation message at once by field,
// moving waypoints, and the stored records (`routes` + `route-points`) to and from the form.
// No React and no storage here, so all of it is unit-tested (routeForm.test.ts).
import type { GeoPoint, JsonValue, Route, RoutePoint, RoutePointType } from '../../model';
import { isValidLatLng, type LatLng, type OsrmStep } from '../../services/routing';
import type { RouteSource } from './calculateRoute';

/** SPEC §3 Route: color defaults to #3b82f6. */
export const DEFAULT_ROUTE_COLOR = '#3b82f6';

/** SPEC §5 Routes: saving or updating needs both an origin and a destination point. */
export const MISSING_ENDPOINT = 'Route must have both an origin and destination point';
export const POSITION_FORMAT = "Enter the position as 'lat, lng' (for example 43.7311, 7.4197)";

export interface WaypointField {
  /** Stable across moves (React key, drag identity). */
  key: string;
  text: string;
}

export interface RouteForm {
  /** The stored route's id; null for a new route (not saved yet). */
  id: string | null;
  name: string;
  routeNumber: string;
  description: string;
  color: string;
  origin: string;
  waypoints: WaypointField[];
  destination: string;
  /** routeGeometry: the calculated or imported line ([] until there is one). */
  geometry: LatLng[];
  /** Where the geometry came from, when it was calculated. */
  source: RouteSource | 'import' | null;
  /** OSRM's steps, kept for voice guidance. */
  steps: OsrmStep[];
  createdAt: string | null;
}

let keys = 0;
export const newWaypointKey = (): string => `wp-${Date.now().toString(36)}-${(keys += 1)}`;

export const emptyRouteForm = (): RouteForm => ({
  id: null,
  name: '',
  routeNumber: '',
  description: '',
  color: DEFAULT_ROUTE_COLOR,
  origin: '',
  waypoints: [],
  destination: '',
  geometry: [],
  source: null,
  steps: [],
  createdAt: null,
});

/** 'lat, lng' (spaces optional; also 'lat lng' or 'lat;lng') → a position, or null. */
export function parseLatLng(text: string): LatLng | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[,; ]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const point = { lat: Number(match[1]), lng: Number(match[2]) };
  return isValidLatLng(point) ? point : null;
}

/** A position as the fields show it: 6 decimals (about 0.1 m), 'lat, lng'. */
export const formatLatLng = (p: LatLng): string => `${Number(p.lat.toFixed(6))}, ${Number(p.lng.toFixed(6))}`;

export interface RouteFormErrors {
  origin?: string;
  destination?: string;
  /** By waypoint key. */
  waypoints?: Record<string, string>;
}

/** Every problem of the form at once, each for its field; {} when it can be saved. */
export function routeFormErrors(form: RouteForm): RouteFormErrors {
  const errors: RouteFormErrors = {};
  const end = (text: string): string | undefined => {
    if (text.trim() === '') return MISSING_ENDPOINT;
    return parseLatLng(text) ? undefined : POSITION_FORMAT;
  };
  const origin = end(form.origin);
  const destination = end(form.destination);
  if (origin) errors.origin = origin;
  if (destination) errors.destination = destination;
  const waypoints: Record<string, string> = {};
  for (const w of form.waypoints) if (!parseLatLng(w.text)) waypoints[w.key] = POSITION_FORMAT;
  if (Object.keys(waypoints).length > 0) errors.waypoints = waypoints;
  return errors;
}

export const hasErrors = (errors: RouteFormErrors): boolean => Object.keys(errors).length > 0;

/** The waypoints with `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveWaypoint<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** The form's positions in travel order, or null while any is missing or unreadable. */
export function routeEnds(form: RouteForm): { origin: LatLng; waypoints: LatLng[]; destination: LatLng } | null {
  const origin = parseLatLng(form.origin);
  const destination = parseLatLng(form.destination);
  const waypoints = form.waypoints.map((w) => parseLatLng(w.text));
  if (!origin || !destination || waypoints.some((w) => w === null)) return null;
  return { origin, waypoints: waypoints as LatLng[], destination };
}

/** The draft the map draws (features/map's draftRoute): the points that parse, in order. */
export interface DraftRoute {
  points: (LatLng & { kind: RoutePointType })[];
  geometry?: LatLng[];
  color?: string;
}

export function draftOf(form: RouteForm): DraftRoute | null {
  const points: DraftRoute['points'] = [];
  const add = (text: string, kind: RoutePointType) => {
    const p = parseLatLng(text);
    if (p) points.push({ ...p, kind });
  };
  add(form.origin, 'origin');
  for (const w of form.waypoints) add(w.text, 'waypoint');
  add(form.destination, 'destination');
  if (points.length === 0 && form.geometry.length === 0) return null;
  return { points, ...(form.geometry.length > 0 ? { geometry: form.geometry } : {}), color: form.color };
}

/** The stored route and its points (SPEC §3), for a form that has no errors. */
export function toRecords(form: RouteForm, surveyId: string, id: string, now: Date): { route: Route; points: RoutePoint[] } {
  const ends = routeEnds(form);
  if (!ends) throw new Error(MISSING_ENDPOINT);
  const positions: [LatLng, RoutePointType][] = [
    [ends.origin, 'origin'],
    ...ends.waypoints.map((p): [LatLng, RoutePointType] => [p, 'waypoint']),
    [ends.destination, 'destination'],
  ];
  const points: RoutePoint[] = positions.map(([p, type], order) => ({ id: `${id}-p${order}`, routeId: id, position: [p.lat, p.lng], type, order }));
  const stamp = now.toISOString();
  const route: Route = {
    id,
    surveyId,
    name: form.name.trim(),
    color: form.color || DEFAULT_ROUTE_COLOR,
    points,
    routeGeometry: form.geometry.map((p): GeoPoint => ({ lat: p.lat, lng: p.lng })),
    createdAt: form.createdAt ?? stamp,
    updatedAt: stamp,
    // OSRM's steps (voice guidance) and where the line came from, as plain JSON.
    osrmSteps: JSON.parse(JSON.stringify(form.steps)) as JsonValue[],
    routeSource: form.source ?? null,
  };
  if (form.routeNumber.trim() !== '') route.routeNumber = form.routeNumber.trim();
  if (form.description.trim() !== '') route.description = form.description.trim();
  return { route, points };
}

/** A stored route (and its points, by order) back into the form. */
export function fromRecords(route: Route, points: readonly RoutePoint[]): RouteForm {
  const sorted = [...(points.length > 0 ? points : route.points)].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const text = (p: RoutePoint) => formatLatLng({ lat: p.position[0], lng: p.position[1] });
  const source = route.routeSource;
  return {
    id: route.id,
    name: route.name ?? '',
    routeNumber: route.routeNumber ?? '',
    description: route.description ?? '',
    color: route.color || DEFAULT_ROUTE_COLOR,
    origin: sorted.find((p) => p.type === 'origin') ? text(sorted.find((p) => p.type === 'origin') as RoutePoint) : '',
    waypoints: sorted.filter((p) => p.type === 'waypoint').map((p) => ({ key: newWaypointKey(), text: text(p) })),
    destination: sorted.find((p) => p.type === 'destination') ? text(sorted.find((p) => p.type === 'destination') as RoutePoint) : '',
    geometry: (route.routeGeometry ?? []).map((p) => ({ lat: p.lat, lng: p.lng })),
    source: source === 'directions' || source === 'osrm' || source === 'straight-lines' || source === 'import' ? source : null,
    steps: Array.isArray(route.osrmSteps) ? (route.osrmSteps as unknown as OsrmStep[]) : [],
    createdAt: typeof route.createdAt === 'string' ? route.createdAt : null,
  };
}
