// Planned routes (SPEC §3 Route, §4 fallback order, §7, §8): so far the routing foundation
// the route planner builds on — calculation with its fallbacks and toasts, the driving link,
// and the settings they read. No UI and no storage yet.
export { calculateRoute, RouteInputError } from './calculateRoute';
export type { CalculatedRoute, CalculateRouteOptions, RouteEnds, RouteFallback, RouteSource } from './calculateRoute';
export { decodeDirectionsPolyline, PolylineDecodeError } from './decodePolyline';
export { drivingLink, MAPS_DIRECTIONS_URL } from './drivingLink';
export { ROUTE_TOASTS } from './routeToasts';
export type { RouteToast, RouteToastTitle } from './routeToasts';
export { buildTimeDirectionsKey, directionsApiKey } from './routingSettings';
export type { RoutingSettings } from './routingSettings';
export type { LatLng, OsrmStep } from '../../services/routing';
