// 'Calculate route' in the order of SPEC §4 "Route calculation fallback order": the maps
// directions service (its polyline decoded by the core), then the open routing service
// (OSRM), then straight lines between the points. It reports which source answered, why the
// others did not (for the alert log), and the SPEC §8 toasts it showed, in order:
//
//   online, a service configured   'Calculating route along roads...' then
//     directions answered          'Route calculated successfully'
//     OSRM answered                'Route calculated successfully using OSRM'
//     every service asked failed   'Could not calculate route along roads. Using straight lines instead.'
//   offline, or no service URL     'Falling back to straight lines between points' (nothing asked)
//
// No UI and no storage here: the route planner calls this and stores `geometry`.
import { pathLengthKm } from '../../core/routes';
import {
  fetchDirections,
  fetchOsrmRoute,
  isValidLatLng,
  RoutingServiceError,
  type LatLng,
  type OsrmStep,
  type RequestTimer,
} from '../../services/routing';
import { decodeDirectionsPolyline } from './decodePolyline';
import {
  calculatingToast,
  directionsToast,
  osrmToast,
  roadsFailedToast,
  straightLinesOnlyToast,
  type RouteToast,
} from './routeToasts';
import { directionsApiKey, type RoutingSettings } from './routingSettings';

export interface RouteEnds {
  origin: LatLng;
  /** Stops between origin and destination, in the order the surveyor set. */
  waypoints: readonly LatLng[];
  destination: LatLng;
}

export type RouteSource = 'directions' | 'osrm' | 'straight-lines';

/** Why one service gave no route. */
export interface RouteFallback {
  source: 'directions' | 'osrm';
  /** A RoutingServiceError code, or 'invalid-polyline' when the core could not decode it. */
  code: string;
  message: string;
}

export interface CalculatedRoute {
  source: RouteSource;
  /** The line to store as the route's routeGeometry, origin first. */
  geometry: LatLng[];
  /** OSRM's turn-by-turn steps (for voice guidance); empty for other sources. */
  steps: OsrmStep[];
  /**
   * The order of the waypoints along `geometry` (indices into `waypoints`): the directions
   * service may reorder them (`optimize:true`); OSRM and straight lines keep the given order.
   */
  waypointOrder: number[];
  /** Services that were asked and gave no route, in the order asked. */
  fallbacks: RouteFallback[];
  /** The toasts shown, in order (each was also passed to `onToast` as it happened). */
  toasts: RouteToast[];
}

export interface CalculateRouteOptions {
  /** Shows a toast (the app's toast()); called as the calculation goes. */
  onToast?: (toast: RouteToast) => void;
  /** False when the device is offline (navigator.onLine by default): no service is asked. */
  online?: boolean;
  /** The fetch used for both services (the global one by default). */
  fetch?: typeof fetch;
  /** The timer of the 15 s limits (the global one by default; tests give a manual one). */
  timer?: RequestTimer;
  /** The directions polyline decoder (the core's by default). */
  decodePolyline?: (encoded: string) => Promise<LatLng[]>;
}

/** A route point that is not a position. */
export class RouteInputError extends Error {
  readonly code = 'invalid-position';

  constructor(message: string) {
    super(message);
    this.name = 'RouteInputError';
  }
}

function defaultOnline(): boolean {
  return typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine;
}

function fallbackOf(source: RouteFallback['source'], error: unknown): RouteFallback {
  if (error instanceof RoutingServiceError) return { source, code: error.code, message: error.message };
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : 'failed';
  return { source, code, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Calculates the road route through origin, waypoints and destination. Never rejects for a
 * service's failure (straight lines are the last resort); rejects only for bad input: a
 * point that is not a position (RouteInputError) or fewer than 2 positions (the core's
 * RouteError, 'Route calculation needs at least 2 positions').
 */
export async function calculateRoute(
  ends: RouteEnds,
  settings: RoutingSettings,
  options: CalculateRouteOptions = {},
): Promise<CalculatedRoute> {
  const points = [ends.origin, ...ends.waypoints, ends.destination];
  points.forEach((p, i) => {
    if (!isValidLatLng(p)) throw new RouteInputError(`Route point ${i} has an invalid position`);
  });
  // SPEC §5: at least 2 positions; the core's rule and message.
  await pathLengthKm(Float64Array.from(points.flatMap((p) => [p.lat, p.lng])));

  const toasts: RouteToast[] = [];
  const show = (toast: RouteToast) => {
    toasts.push(toast);
    options.onToast?.(toast);
  };
  const fallbacks: RouteFallback[] = [];
  const request = { fetch: options.fetch, timer: options.timer };
  const identity = ends.waypoints.map((_, i) => i);
  const directionsUrl = settings.directionsServiceUrl.trim();
  const osrmUrl = settings.osrmServiceUrl.trim();
  const online = options.online ?? defaultOnline();

  if (online && (directionsUrl !== '' || osrmUrl !== '')) {
    show(calculatingToast);
    if (directionsUrl !== '') {
      try {
        const answer = await fetchDirections(
          { baseUrl: directionsUrl, key: directionsApiKey(settings), origin: ends.origin, destination: ends.destination, waypoints: ends.waypoints },
          request,
        );
        const geometry = await (options.decodePolyline ?? decodeDirectionsPolyline)(answer.encodedPolyline);
        if (geometry.length < 2) throw new RoutingServiceError('invalid-response', 'Directions service answered a route of fewer than 2 points');
        show(directionsToast);
        return { source: 'directions', geometry, steps: [], waypointOrder: answer.waypointOrder, fallbacks, toasts };
      } catch (error) {
        fallbacks.push(fallbackOf('directions', error));
      }
    }
    if (osrmUrl !== '') {
      try {
        const route = await fetchOsrmRoute(osrmUrl, points, request);
        show(osrmToast);
        return { source: 'osrm', geometry: route.geometry, steps: route.steps, waypointOrder: identity, fallbacks, toasts };
      } catch (error) {
        fallbacks.push(fallbackOf('osrm', error));
      }
    }
    show(roadsFailedToast);
  } else {
    show(straightLinesOnlyToast);
  }
  return { source: 'straight-lines', geometry: points.map((p) => ({ ...p })), steps: [], waypointOrder: identity, fallbacks, toasts };
}
