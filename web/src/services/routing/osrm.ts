// The open routing service client (SPEC §7 "Open routing service"): OSRM's
// GET {base}/route/v1/driving/{lng,lat;lng,lat…}?overview=full&geometries=geojson&steps=true&annotations=true.
// `code` must be Ok; the route is routes[0].geometry.coordinates ([lng, lat] pairs, turned
// here into lat/lng) and its legs' steps, kept for voice guidance.
import { getJson, isRecord, parseServiceUrl, RoutingServiceError, type LatLng, type RequestOptions } from './http';

/** The public OSRM demo server: the default of the setting 'OSRM service URL'. */
export const DEFAULT_OSRM_URL = 'https://router.project-osrm.org';

/** A step's manoeuvre, as OSRM documents it (the fields voice guidance needs). */
export interface OsrmManeuver {
  /** 'depart', 'turn', 'roundabout', 'arrive', … */
  type: string;
  /** 'left', 'slight right', 'uturn', …; absent on depart/arrive sometimes. */
  modifier?: string;
  /** Where the manoeuvre happens. */
  location: LatLng;
  bearingBefore: number;
  bearingAfter: number;
  /** Roundabout exit number, when there is one. */
  exit?: number;
}

export interface OsrmStep {
  /** Index of the leg (0 = origin to the first waypoint or the destination). */
  leg: number;
  maneuver: OsrmManeuver;
  /** The road's name ('' when unnamed). */
  name: string;
  /** Road reference ('A8'), when there is one. */
  ref?: string;
  distanceM: number;
  durationS: number;
  /** 'driving', 'ferry', … */
  mode: string;
  drivingSide?: string;
  /** The step's own line. */
  geometry: LatLng[];
}

export interface OsrmRoute {
  /** routes[0].geometry.coordinates, as lat/lng. */
  geometry: LatLng[];
  /** Every leg's steps, in travel order. */
  steps: OsrmStep[];
  distanceM: number;
  durationS: number;
  /** Where OSRM snapped each point given (origin, waypoints, destination). */
  snapped: LatLng[];
}

const SERVICE = 'OSRM';

/** The GET URL for the points (origin first, destination last). */
export function osrmRouteUrl(baseUrl: string, points: readonly LatLng[]): string {
  const base = parseServiceUrl(baseUrl, "'OSRM service URL'");
  const path = base.pathname.replace(/\/+$/, '');
  const coordinates = points.map((p) => `${p.lng},${p.lat}`).join(';');
  base.pathname = `${path}/route/v1/driving/${coordinates}`;
  // Parameters already in the base URL (a proxy's own) are kept.
  for (const [name, value] of [['overview', 'full'], ['geometries', 'geojson'], ['steps', 'true'], ['annotations', 'true']]) {
    base.searchParams.set(name, value);
  }
  return base.toString();
}

/** [lng, lat] → LatLng; null when it is not a pair of finite numbers. */
function position(value: unknown): LatLng | null {
  if (!Array.isArray(value) || value.length < 2) return null;
  const [lng, lat] = value as unknown[];
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  return { lat, lng };
}

/** A GeoJSON LineString's coordinates as LatLng[]; null when any position is unreadable. */
function line(geometry: unknown): LatLng[] | null {
  if (!isRecord(geometry) || !Array.isArray(geometry.coordinates)) return null;
  const out: LatLng[] = [];
  for (const c of geometry.coordinates) {
    const p = position(c);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function step(raw: unknown, leg: number): OsrmStep | null {
  if (!isRecord(raw) || !isRecord(raw.maneuver)) return null;
  const m = raw.maneuver;
  const location = position(m.location);
  const type = str(m.type);
  if (!location || type === undefined) return null;
  const maneuver: OsrmManeuver = { type, location, bearingBefore: num(m.bearing_before), bearingAfter: num(m.bearing_after) };
  const modifier = str(m.modifier);
  if (modifier !== undefined) maneuver.modifier = modifier;
  if (typeof m.exit === 'number') maneuver.exit = m.exit;
  const out: OsrmStep = {
    leg,
    maneuver,
    name: str(raw.name) ?? '',
    distanceM: num(raw.distance),
    durationS: num(raw.duration),
    mode: str(raw.mode) ?? 'driving',
    geometry: line(raw.geometry) ?? [],
  };
  const ref = str(raw.ref);
  if (ref !== undefined) out.ref = ref;
  const side = str(raw.driving_side);
  if (side !== undefined) out.drivingSide = side;
  return out;
}

/** Asks OSRM for a driving route through the points; throws RoutingServiceError when it gives none. */
export async function fetchOsrmRoute(baseUrl: string, points: readonly LatLng[], options: RequestOptions = {}): Promise<OsrmRoute> {
  const { status, body } = await getJson(osrmRouteUrl(baseUrl, points), SERVICE, options);
  if (!isRecord(body) || typeof body.code !== 'string') {
    if (status >= 400) throw new RoutingServiceError('http', `${SERVICE} answered HTTP ${status}`);
    throw new RoutingServiceError('invalid-response', `${SERVICE} sent an answer without a code`);
  }
  if (body.code !== 'Ok') {
    const detail = typeof body.message === 'string' && body.message !== '' ? `: ${body.message}` : '';
    throw new RoutingServiceError('refused', `${SERVICE} answered ${body.code}${detail}`);
  }
  const route = Array.isArray(body.routes) ? body.routes[0] : undefined;
  const geometry = isRecord(route) ? line(route.geometry) : null;
  if (!isRecord(route) || !geometry || geometry.length < 2) {
    throw new RoutingServiceError('invalid-response', `${SERVICE} answered Ok without a routes[0].geometry line`);
  }
  const steps: OsrmStep[] = [];
  const legs = Array.isArray(route.legs) ? route.legs : [];
  legs.forEach((leg, index) => {
    const rawSteps = isRecord(leg) && Array.isArray(leg.steps) ? leg.steps : [];
    for (const raw of rawSteps) {
      const parsed = step(raw, index);
      if (parsed) steps.push(parsed);
    }
  });
  const waypoints = Array.isArray(body.waypoints) ? body.waypoints : [];
  const snapped = waypoints.map((w) => (isRecord(w) ? position(w.location) : null)).filter((p): p is LatLng => p !== null);
  return { geometry, steps, distanceM: num(route.distance), durationS: num(route.duration), snapped };
}
