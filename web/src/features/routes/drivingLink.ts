// 'Copy driving link' (issue 12 point 9, SPEC §7 "Other"): the maps service's directions URL
// (Google Maps URLs, https://developers.google.com/maps/documentation/urls/get-started)
// with api=1, origin, destination, the waypoints joined by '|' and travelmode=driving.
// A pure function: the planner copies what it returns to the clipboard.
import type { LatLng } from '../../services/routing';
import type { RouteEnds } from './calculateRoute';

/** The maps service's directions URL ("Directions" action of Maps URLs). */
export const MAPS_DIRECTIONS_URL = 'https://www.google.com/maps/dir/';

const latLng = (p: LatLng): string => `${p.lat},${p.lng}`;

/**
 * The shareable driving link for a route. Parameters are URL-encoded as Maps URLs asks
 * (',' → %2C, '|' → %7C); opening it starts turn-by-turn directions through every waypoint.
 */
export function drivingLink(route: RouteEnds): string {
  const params = new URLSearchParams();
  params.set('api', '1');
  params.set('origin', latLng(route.origin));
  params.set('destination', latLng(route.destination));
  if (route.waypoints.length > 0) params.set('waypoints', route.waypoints.map(latLng).join('|'));
  params.set('travelmode', 'driving');
  return `${MAPS_DIRECTIONS_URL}?${params.toString()}`;
}
