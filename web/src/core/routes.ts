// Route import, stop ordering and path length, computed by the core (crates/wasm/src/route.rs).
// Coordinates cross as flat Float64Arrays [lat0, lon0, lat1, lon1, ...] (latitude first), one
// copy each way; errors come back as RouteError with a stable code and the SPEC's message.
import { loadCore } from './index';

/** Stable codes of route errors (see crates/wasm/src/route.rs). */
export type RouteErrorCode =
  | 'invalid-gpx'
  | 'gpx-too-few-points'
  | 'invalid-geojson'
  | 'no-geojson-route'
  | 'invalid-kml'
  | 'no-kml-route'
  | 'file-too-large'
  | 'too-many-points'
  | 'too-deep'
  | 'doctype-not-allowed'
  | 'bad-encoding'
  | 'invalid-tolerance'
  | 'route-missing-endpoint'
  | 'route-too-few-positions'
  | 'invalid-position'
  | 'too-many-stops'
  | 'invalid-stops'
  | 'invalid-optimiser';

const CODES: ReadonlySet<string> = new Set<RouteErrorCode>([
  'invalid-gpx',
  'gpx-too-few-points',
  'invalid-geojson',
  'no-geojson-route',
  'invalid-kml',
  'no-kml-route',
  'file-too-large',
  'too-many-points',
  'too-deep',
  'doctype-not-allowed',
  'bad-encoding',
  'invalid-tolerance',
  'route-missing-endpoint',
  'route-too-few-positions',
  'invalid-position',
  'too-many-stops',
  'invalid-stops',
  'invalid-optimiser',
]);

/** A route that cannot be imported or ordered; `message` is what the user is shown. */
export class RouteError extends Error {
  readonly code: RouteErrorCode;

  constructor(code: RouteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RouteError';
    this.code = code;
  }
}

/** Runs a core call, turning the core's coded Errors into RouteErrors. */
async function call<T>(run: (core: Awaited<ReturnType<typeof loadCore>>) => T): Promise<T> {
  const core = await loadCore();
  try {
    return run(core);
  } catch (cause) {
    const code = (cause as { code?: unknown } | null)?.code;
    if (cause instanceof Error && typeof code === 'string' && CODES.has(code)) {
      throw new RouteError(code as RouteErrorCode, cause.message, { cause });
    }
    throw cause;
  }
}

export interface ImportRouteOptions {
  /** Shape-preserving simplification (Douglas-Peucker) with this tolerance, metres (≥ 0). */
  simplifyToleranceM?: number;
}

/**
 * Reads a GPX, KML or GeoJSON route file (by the name's extension, else by content) into
 * flat [lat, lon, ...]. GPX above 100 points is thinned the SPEC way (every Nth and the last).
 */
export async function importRoute(bytes: Uint8Array, fileName: string, options: ImportRouteOptions = {}): Promise<Float64Array> {
  return call((core) => core.importRoute(bytes, fileName, options.simplifyToleranceM));
}

export type StopKind = 'origin' | 'waypoint' | 'destination';

/** The byte per stop that optimiseRoute expects. */
const KIND_CODES: Record<StopKind, number> = { origin: 0, waypoint: 1, destination: 2 };

export interface RouteStop {
  lat: number;
  lon: number;
  kind: StopKind;
}

/** 'spec': waypoints by distance from the origin (SPEC §5); 'shortest': a shorter tour. */
export type Optimiser = 'spec' | 'shortest';

export interface OptimisedRoute {
  /** Indices into the stops given, in travel order: the origin first, the destination last. */
  order: number[];
  /** Length of the ordered straight-line route, km. */
  lengthKm: number;
  /** How much shorter than the SPEC ordering it is, km (0 for 'spec'). */
  savedKm: number;
}

/** Orders the stops of a route; 'Route must have an origin and destination' without both. */
export async function optimiseRoute(stops: readonly RouteStop[], optimiser: Optimiser = 'spec'): Promise<OptimisedRoute> {
  const flat = new Float64Array(stops.length * 2);
  const kinds = new Uint8Array(stops.length);
  stops.forEach((stop, i) => {
    flat[2 * i] = stop.lat;
    flat[2 * i + 1] = stop.lon;
    kinds[i] = KIND_CODES[stop.kind];
  });
  const out = await call((core) => core.optimiseRoute(flat, kinds, optimiser));
  return { lengthKm: out[0], savedKm: out[1], order: Array.from(out.subarray(2)) };
}

/** Length in km of the path through flat [lat, lon, ...]; at least 2 positions are needed. */
export async function pathLengthKm(flat: Float64Array): Promise<number> {
  return call((core) => core.pathLengthKm(flat));
}
