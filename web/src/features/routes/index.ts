// Planned routes (SPEC §3 Route, §4 fallback order, §5, §7, §8): calculation with its
// fallbacks and toasts, the driving link, the planner (form, storage, optimise, import) and
// the draft the map draws (RouteDraftProvider, useRouteDraft).
export { calculateRoute, RouteInputError } from './calculateRoute';
export type { CalculatedRoute, CalculateRouteOptions, RouteEnds, RouteFallback, RouteSource } from './calculateRoute';
export { decodeDirectionsPolyline, PolylineDecodeError } from './decodePolyline';
export { drivingLink, MAPS_DIRECTIONS_URL } from './drivingLink';
export { ROUTE_TOASTS } from './routeToasts';
export type { RouteToast, RouteToastTitle } from './routeToasts';
export { buildTimeDirectionsKey, directionsApiKey } from './routingSettings';
export type { RoutingSettings } from './routingSettings';
export type { LatLng, OsrmStep } from '../../services/routing';
export { RoutePlanner } from './RoutePlanner';
export { RouteDraftProvider, useRouteDraft } from './RouteDraftProvider';
export type { PickTarget } from './RouteDraftProvider';
export { DEFAULT_ROUTE_COLOR } from './routeForm';
export type { DraftRoute } from './routeForm';
