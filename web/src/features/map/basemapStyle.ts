// The basemap under the survey data, as a maplibre style (loaded with the map chunk only):
// the offline PMTiles archive drawn with the Protomaps light layers (without `lang`: no
// labels, so no glyphs or sprite are needed offline), an online style JSON from the 'Map
// style URL' setting, or, with neither, a plain background.
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { StyleSpecification } from 'maplibre-gl';

/** What the map is drawn over. */
export type Basemap = { kind: 'none' } | { kind: 'pmtiles'; file: File } | { kind: 'url'; url: string };

/** The plain background's colour: light, so every data colour reads on it. */
export const PLAIN_BACKGROUND = '#eef0f2';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

export function plainStyle(): StyleSpecification {
  return { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': PLAIN_BACKGROUND } }] };
}

/** The Protomaps light basemap over the archive known to the pmtiles protocol as `key`. */
export function pmtilesStyle(key: string): StyleSpecification {
  return {
    version: 8,
    sources: { protomaps: { type: 'vector', url: `pmtiles://${key}`, attribution: OSM_ATTRIBUTION } },
    layers: layers('protomaps', namedFlavor('light')),
  };
}

export class StyleLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StyleLoadError';
  }
}

/**
 * The style JSON at `url` (fetched by the page, so the service worker caches it as viewed),
 * with its relative URLs left for maplibre to resolve. Anything but a version 8 style is an error.
 */
export async function fetchStyle(url: string, signal?: AbortSignal): Promise<StyleSpecification> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw new StyleLoadError(`The map style could not be loaded (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw new StyleLoadError(`The map style could not be loaded (HTTP ${response.status}).`);
  let style: unknown;
  try {
    style = await response.json();
  } catch {
    throw new StyleLoadError('The map style is not JSON.');
  }
  if (!style || typeof style !== 'object' || (style as { version?: unknown }).version !== 8 || !Array.isArray((style as { layers?: unknown }).layers)) {
    throw new StyleLoadError('The map style is not a version 8 map style.');
  }
  return style as StyleSpecification;
}
