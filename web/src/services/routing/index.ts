// The routing service (ARCHITECTURE.md: services/routing): raw HTTP clients of the maps
// directions service and of OSRM, each with SPEC §9's 15 s limit. The fallback order and
// the decoding of the directions polyline (by the core) are in features/routes.
export { directionsUrl, fetchDirections } from './directions';
export type { DirectionsRequest, DirectionsRoute, DirectionsStatus } from './directions';
export { DEFAULT_OSRM_URL, fetchOsrmRoute, osrmRouteUrl } from './osrm';
export type { OsrmManeuver, OsrmRoute, OsrmStep } from './osrm';
export { isValidLatLng, ROUTING_TIMEOUT_MS, RoutingServiceError, systemTimer } from './http';
export type { LatLng, RequestOptions, RequestTimer, RoutingServiceErrorCode } from './http';
