// The maps directions service client (SPEC §7 "Maps directions service"): one GET with
// origin, destination, `waypoints=optimize:true|lat,lng|…` and the access key; the answer's
// `status` must be OK and `routes[0].overview_polyline.points` is the route, still encoded
// (the core decodes it at 1e5 precision; services do not import the core).
//
// Browsers cannot call the legacy Directions web service itself (it sends no CORS headers),
// so `baseUrl` is normally a proxy that forwards the query (docs/routing.md).
import { getJson, isRecord, parseServiceUrl, RoutingServiceError, type LatLng, type RequestOptions } from './http';

/** Every `status` the Directions API documents; anything but OK means no route. */
export type DirectionsStatus =
  | 'OK'
  | 'NOT_FOUND'
  | 'ZERO_RESULTS'
  | 'MAX_WAYPOINTS_EXCEEDED'
  | 'MAX_ROUTE_LENGTH_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'OVER_DAILY_LIMIT'
  | 'OVER_QUERY_LIMIT'
  | 'REQUEST_DENIED'
  | 'UNKNOWN_ERROR';

export interface DirectionsRequest {
  /** The directions endpoint or a proxy of it, from the setting 'Directions service URL'. */
  baseUrl: string;
  /** The access key; empty = none sent (a proxy may add its own). */
  key: string;
  origin: LatLng;
  destination: LatLng;
  /** Stops between, in the order given; sent with `optimize:true`. */
  waypoints: readonly LatLng[];
}

export interface DirectionsRoute {
  /** `routes[0].overview_polyline.points`: an encoded polyline at 1e5 precision. */
  encodedPolyline: string;
  /**
   * `routes[0].waypoint_order`: the order the service chose for the waypoints (indices into
   * the request's waypoints); the identity when it sent none.
   */
  waypointOrder: number[];
}

const latLng = (p: LatLng): string => `${p.lat},${p.lng}`;

/** The GET URL for a request: the base URL with origin, destination, waypoints and key. */
export function directionsUrl(request: DirectionsRequest): string {
  const url = parseServiceUrl(request.baseUrl, "'Directions service URL'");
  url.searchParams.set('origin', latLng(request.origin));
  url.searchParams.set('destination', latLng(request.destination));
  if (request.waypoints.length > 0) {
    url.searchParams.set('waypoints', ['optimize:true', ...request.waypoints.map(latLng)].join('|'));
  }
  if (request.key !== '') url.searchParams.set('key', request.key);
  return url.toString();
}

const SERVICE = 'Directions service';

/** Asks the directions service for a route; throws RoutingServiceError when it gives none. */
export async function fetchDirections(request: DirectionsRequest, options: RequestOptions = {}): Promise<DirectionsRoute> {
  const { status, body } = await getJson(directionsUrl(request), SERVICE, options);
  if (!isRecord(body) || typeof body.status !== 'string') {
    if (status >= 400) throw new RoutingServiceError('http', `${SERVICE} answered HTTP ${status}`);
    throw new RoutingServiceError('invalid-response', `${SERVICE} sent an answer without a status`);
  }
  if (body.status !== 'OK') {
    const detail = typeof body.error_message === 'string' && body.error_message !== '' ? `: ${body.error_message}` : '';
    throw new RoutingServiceError('refused', `${SERVICE} answered ${body.status}${detail}`);
  }
  if (status >= 400) throw new RoutingServiceError('http', `${SERVICE} answered HTTP ${status}`);
  const route = Array.isArray(body.routes) ? body.routes[0] : undefined;
  const overview = isRecord(route) ? route.overview_polyline : undefined;
  const points = isRecord(overview) ? overview.points : undefined;
  if (typeof points !== 'string' || points === '') {
    throw new RoutingServiceError('invalid-response', `${SERVICE} answered OK without routes[0].overview_polyline.points`);
  }
  const order = isRecord(route) ? route.waypoint_order : undefined;
  const identity = request.waypoints.map((_, i) => i);
  const waypointOrder =
    Array.isArray(order) &&
    order.length === identity.length &&
    identity.every((i) => order.includes(i))
      ? (order as number[])
      : identity;
  return { encodedPolyline: points, waypointOrder };
}
