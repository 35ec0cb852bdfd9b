// What the planner's buttons do, with the SPEC §8 route toasts word for word: save, update
// and delete (routes + route-points of the active survey), calculate (calculateRoute, then
// the alert log's fallback entry), optimise (the core: SPEC rule and shortest tour) and
// import (the core's GPX / GeoJSON / KML reader).
import { importRoute, optimiseRoute, type RouteStop } from '../../core/routes';
import { stores } from '../../services/storage';
import { toast } from '../../ui/toast';
import { logRouteFallback } from '../alerts';
import { calculateRoute, type CalculatedRoute } from './calculateRoute';
import { emptyRouteForm, formatLatLng, routeEnds, toRecords, type RouteForm } from './routeForm';
import type { RoutingSettings } from './routingSettings';

export const ROUTE_STORE_TOASTS = {
  saving: 'Saving route...',
  saved: 'Route saved successfully',
  saveFailed: 'Failed to save route',
  updating: 'Updating route...',
  updated: 'Route updated successfully',
  updateFailed: 'Failed to update route',
  deleted: 'Route deleted successfully',
  deleteFailed: 'Failed to delete route',
  importFailed: 'Failed to import route',
  gpxImported: 'GPX route imported successfully',
  gpxImportFailed: 'Failed to import GPX route',
} as const;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function newRouteId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `route-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Saves a new route or updates the stored one; resolves to the saved form (with its id), or null. */
export async function saveRoute(form: RouteForm, surveyId: string): Promise<RouteForm | null> {
  const updating = form.id !== null;
  toast({ title: updating ? ROUTE_STORE_TOASTS.updating : ROUTE_STORE_TOASTS.saving });
  try {
    const { route, points } = toRecords(form, surveyId, form.id ?? newRouteId(), new Date());
    await stores.routes.save(route, points);
    toast({ title: updating ? ROUTE_STORE_TOASTS.updated : ROUTE_STORE_TOASTS.saved });
    return { ...form, id: route.id, createdAt: typeof route.createdAt === 'string' ? route.createdAt : form.createdAt };
  } catch (error) {
    toast({ title: updating ? ROUTE_STORE_TOASTS.updateFailed : ROUTE_STORE_TOASTS.saveFailed, description: message(error), variant: 'destructive' });
    return null;
  }
}

export async function deleteRoute(routeId: string): Promise<boolean> {
  try {
    await stores.routes.remove(routeId);
    toast({ title: ROUTE_STORE_TOASTS.deleted });
    return true;
  } catch (error) {
    toast({ title: ROUTE_STORE_TOASTS.deleteFailed, description: message(error), variant: 'destructive' });
    return false;
  }
}

/** 'Calculate route': the SPEC order with its toasts; the geometry goes into the form. */
export async function calculate(form: RouteForm, settings: RoutingSettings): Promise<{ form: RouteForm; result: CalculatedRoute } | null> {
  const ends = routeEnds(form);
  if (!ends) return null;
  const result = await calculateRoute(ends, settings, { onToast: (t) => toast({ title: t.title, variant: t.variant }) });
  void logRouteFallback(result);
  // The directions service may reorder the waypoints (optimize:true): follow its order.
  const waypoints = result.waypointOrder.map((i) => form.waypoints[i]).filter((w) => w !== undefined);
  return {
    form: { ...form, waypoints: waypoints.length === form.waypoints.length ? waypoints : form.waypoints, geometry: result.geometry, source: result.source, steps: result.steps },
    result,
  };
}

export interface Optimised {
  form: RouteForm;
  lengthKm: number;
  /** How much shorter than ordering the waypoints by distance from the origin (SPEC §5). */
  savedKm: number;
}

/**
 * 'Optimise route': the core's shortest tour (origin first, destination last), with the
 * distance it saves against the SPEC rule. Throws the core's RouteError ('Route must have an
 * origin and destination') when either end is missing.
 */
export async function optimise(form: RouteForm): Promise<Optimised> {
  const stops: RouteStop[] = [];
  const parse = (text: string, kind: RouteStop['kind']) => {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*[,; ]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
    if (m) stops.push({ lat: Number(m[1]), lon: Number(m[2]), kind });
  };
  parse(form.origin, 'origin');
  const waypointIndex: number[] = [];
  form.waypoints.forEach((w, i) => {
    const before = stops.length;
    parse(w.text, 'waypoint');
    if (stops.length > before) waypointIndex.push(i);
  });
  parse(form.destination, 'destination');
  const firstWaypoint = stops[0]?.kind === 'origin' ? 1 : 0;
  const best = await optimiseRoute(stops, 'shortest');
  const ordered = best.order.filter((i) => stops[i]?.kind === 'waypoint').map((i) => form.waypoints[waypointIndex[i - firstWaypoint] as number]);
  const unread = form.waypoints.filter((_, i) => !waypointIndex.includes(i));
  return {
    form: { ...form, waypoints: [...ordered.filter((w) => w !== undefined), ...unread], geometry: [], source: null, steps: [] },
    lengthKm: best.lengthKm,
    savedKm: best.savedKm,
  };
}

const isGpx = (name: string) => /\.gpx$/i.test(name);

/** 'Import route': the file's line becomes the geometry, its ends the origin and destination. */
export async function importRouteFile(file: File, form: RouteForm): Promise<{ form: RouteForm; points: number } | null> {
  try {
    const flat = await importRoute(new Uint8Array(await file.arrayBuffer()), file.name);
    const geometry = [];
    for (let i = 0; i + 1 < flat.length; i += 2) geometry.push({ lat: flat[i] as number, lng: flat[i + 1] as number });
    const first = geometry[0];
    const last = geometry[geometry.length - 1];
    if (!first || !last || geometry.length < 2) throw new Error('The file has no route of at least 2 points');
    if (isGpx(file.name)) toast({ title: ROUTE_STORE_TOASTS.gpxImported, description: `${geometry.length} points imported` });
    const base = form.id === null && form.name === '' ? emptyRouteForm() : form;
    return {
      form: {
        ...base,
        name: base.name || file.name.replace(/\.[^.]+$/, ''),
        origin: formatLatLng(first),
        destination: formatLatLng(last),
        waypoints: [],
        geometry,
        source: 'import',
        steps: [],
      },
      points: geometry.length,
    };
  } catch (error) {
    toast({ title: isGpx(file.name) ? ROUTE_STORE_TOASTS.gpxImportFailed : ROUTE_STORE_TOASTS.importFailed, description: message(error), variant: 'destructive' });
    return null;
  }
}
