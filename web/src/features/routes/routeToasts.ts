// The route-calculation toasts of SPEC §8, word for word, and which of them each outcome of
// calculateRoute shows (the table in docs/routing.md).

export const ROUTE_TOASTS = {
  calculating: 'Calculating route along roads...',
  directionsSucceeded: 'Route calculated successfully',
  osrmSucceeded: 'Route calculated successfully using OSRM',
  straightLinesOnly: 'Falling back to straight lines between points',
  roadsFailed: 'Could not calculate route along roads. Using straight lines instead.',
} as const;

export type RouteToastTitle = (typeof ROUTE_TOASTS)[keyof typeof ROUTE_TOASTS];

/** A toast as the app's toast() takes it. */
export interface RouteToast {
  title: RouteToastTitle;
  variant: 'default' | 'destructive';
}

export const calculatingToast: RouteToast = { title: ROUTE_TOASTS.calculating, variant: 'default' };
export const directionsToast: RouteToast = { title: ROUTE_TOASTS.directionsSucceeded, variant: 'default' };
export const osrmToast: RouteToast = { title: ROUTE_TOASTS.osrmSucceeded, variant: 'default' };
/** No routing service could be asked (offline, or both URLs cleared): not a failure. */
export const straightLinesOnlyToast: RouteToast = { title: ROUTE_TOASTS.straightLinesOnly, variant: 'default' };
/** Every service asked gave no route: the surveyor should know the line ignores roads. */
export const roadsFailedToast: RouteToast = { title: ROUTE_TOASTS.roadsFailed, variant: 'destructive' };
