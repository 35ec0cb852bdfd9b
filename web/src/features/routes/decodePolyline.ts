// Decoding the directions service's overview polyline with the core (SPEC §7: 1e5 precision).
// The core's wasm export takes the text as bytes and returns flat [lat, lon, ...].
// TODO(lead): web/src/core/routes.ts has no typed decodePolyline yet (this branch may not
// edit src/core); when it gains one, call it here instead of the module from loadCore().
import { loadCore } from '../../core';
import type { LatLng } from '../../services/routing';

/** SPEC §7: the directions polyline is decoded at 1e5 precision (5 digits). */
export const DIRECTIONS_POLYLINE_DIGITS = 5;

/** An encoded polyline the core could not read; `message` is the core's. */
export class PolylineDecodeError extends Error {
  readonly code = 'invalid-polyline';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PolylineDecodeError';
  }
}

/** Decodes an encoded polyline into lat/lng points with the core. */
export async function decodeDirectionsPolyline(encoded: string): Promise<LatLng[]> {
  const core = await loadCore();
  let flat: Float64Array | number[];
  try {
    flat = core.polylineDecode(new TextEncoder().encode(encoded), DIRECTIONS_POLYLINE_DIGITS);
  } catch (cause) {
    throw new PolylineDecodeError(cause instanceof Error ? cause.message : String(cause), { cause });
  }
  const points: LatLng[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) points.push({ lat: flat[i], lng: flat[i + 1] });
  return points;
}
