// The survey data drawn over the basemap: sources and layers, bottom to top — saved routes,
// the vehicle trace, the draft route and the measurements (clustered GeoJSON). The live
// position is a marker over them (positionMarker.ts). Layer ids are the map's test interface
// too (docs/map.md).
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { previousChangeHalo } from '../clearance';
import type { FeatureLayer } from './featureLayer';
import { COUNT_IMAGE_PREFIX, POI_IMAGE_PREFIX } from './mapImages';
import { STATUS_RING } from './markerStyle';

export const SOURCES = {
  routes: 'cw-routes',
  trace: 'cw-trace',
  draft: 'cw-draft',
  measurements: 'cw-measurements',
} as const;

export const LAYERS = {
  routes: 'cw-routes-line',
  trace: 'cw-trace-line',
  draftLine: 'cw-draft-line',
  draftPoints: 'cw-draft-points',
  clusters: 'cw-measurement-clusters',
  clusterCounts: 'cw-measurement-cluster-counts',
  measurementStatus: 'cw-measurement-status',
  measurements: 'cw-measurements',
} as const;

/** Measurements cluster below this zoom (within 50 px); each one stands alone from it on. */
export const CLUSTER_MAX_ZOOM = 15;
export const CLUSTER_RADIUS_PX = 50;
/**
 * How far (screen pixels) the drawn trace may stray from its points: maplibre's default is
 * 0.375; within 1.5 px a 3 px line looks the same and a long trace has far fewer vertices to draw.
 */
export const TRACE_TOLERANCE_PX = 1.5;

const EMPTY = { type: 'FeatureCollection', features: [] } as const;

export function addDataLayers(map: MapLibreMap): void {
  for (const id of [SOURCES.routes, SOURCES.draft]) map.addSource(id, { type: 'geojson', data: EMPTY });
  // The trace and the markers change by diffs (updateData): each feature has an id of its own.
  // A trace is a point a second for hours: drawn simplified to TRACE_TOLERANCE_PX at each zoom
  // (the stored points and the exports keep every one).
  map.addSource(SOURCES.trace, { type: 'geojson', data: EMPTY, promoteId: 'tid', tolerance: TRACE_TOLERANCE_PX });
  map.addSource(SOURCES.measurements, {
    type: 'geojson',
    data: EMPTY,
    promoteId: 'mid',
    cluster: true,
    clusterRadius: CLUSTER_RADIUS_PX,
    clusterMaxZoom: CLUSTER_MAX_ZOOM - 1,
  });

  map.addLayer({
    id: LAYERS.routes,
    type: 'line',
    source: SOURCES.routes,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': 5, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: LAYERS.trace,
    type: 'line',
    source: SOURCES.trace,
    // Miter joins (maplibre's default): at 3 px the same look as round or bevel ones, and the
    // fewest triangles — a join within the miter limit adds no vertex, a sharper one falls back
    // to a bevel (the pans of `npm run bench -- map-100k`: 38,034 -> 29,748 trace vertices).
    layout: { 'line-cap': 'round', 'line-join': 'miter' },
    paint: { 'line-color': '#7c3aed', 'line-width': 3 },
  });
  map.addLayer({
    id: LAYERS.draftLine,
    type: 'line',
    source: SOURCES.draft,
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': ['get', 'colour'], 'line-width': 4, 'line-dasharray': [2, 1] },
  });
  map.addLayer({
    id: LAYERS.draftPoints,
    type: 'circle',
    source: SOURCES.draft,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'waypoint', 6, 8],
      'circle-color': ['match', ['get', 'kind'], 'origin', '#16a34a', 'destination', '#dc2626', ['get', 'colour']],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: LAYERS.clusters,
    type: 'circle',
    source: SOURCES.measurements,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#334155',
      'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 22, 1000, 28],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: LAYERS.clusterCounts,
    type: 'symbol',
    source: SOURCES.measurements,
    filter: ['has', 'point_count'],
    layout: {
      'icon-image': ['concat', COUNT_IMAGE_PREFIX, ['get', 'point_count_abbreviated']],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  // The clearance status as a ring under the marker (markerStyle.ts sets `status`); a marker
  // without one (no load profile) has no ring.
  map.addLayer({
    id: LAYERS.measurementStatus,
    type: 'circle',
    source: SOURCES.measurements,
    filter: ['all', ['!', ['has', 'point_count']], ['in', ['get', 'status'], ['literal', Object.keys(STATUS_RING)]]],
    paint: {
      'circle-radius': 17,
      'circle-color': 'rgba(0, 0, 0, 0)',
      'circle-stroke-width': ['match', ['get', 'status'], 'Fail', 5, 4],
      'circle-stroke-color': ['match', ['get', 'status'], ...Object.entries(STATUS_RING).flat(), '#000000'] as unknown as string,
    },
  });
  // Changed since the previous survey of the route: a second ring (the list says it in words).
  map.addLayer(previousChangeHalo(SOURCES.measurements) as LayerSpecification);
  map.addLayer({
    id: LAYERS.measurements,
    type: 'symbol',
    source: SOURCES.measurements,
    filter: ['!', ['has', 'point_count']],
    layout: {
      'icon-image': ['concat', POI_IMAGE_PREFIX, ['get', 'colour'], '|', ['get', 'icon']],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  // Nothing to draw yet: no saved route, no draft.
  for (const id of [SOURCES.routes, SOURCES.draft]) showWhenFilled(map, id, EMPTY);
}

/**
 * Draws a feature layer in a source: its whole collection now and whenever it is replaced,
 * else only its diffs (maplibre's updateData, applied in its worker). A replaced collection
 * is handed over in a task of its own, not in the one that built it: with 100,000 markers
 * each half is a long task, and together they were one twice as long (the map-100k load).
 * A diff landing meanwhile is in the collection sent. Returns the unsubscribe.
 */
export function followLayer<F>(map: MapLibreMap, source: string, layer: FeatureLayer<F> | null): (() => void) | undefined {
  const target = map.getSource(source) as GeoJSONSource | undefined;
  if (!target) return undefined;
  const all = () => {
    const data = layer ? layer.collection() : EMPTY;
    target.setData(data as SourceData);
    showLayers(map, source, data.features.length > 0);
  };
  all();
  if (!layer) return undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const off = layer.subscribe((event) => {
    if (event.kind === 'full') {
      clearTimeout(pending);
      pending = setTimeout(() => {
        pending = undefined;
        all();
      }, 0);
    } else if (pending === undefined) {
      void target.updateData({ remove: event.remove, add: event.add as unknown as NonNullable<Parameters<GeoJSONSource['updateData']>[0]['add']> });
      showLayers(map, source, layer.size > 0);
    }
  });
  return () => {
    clearTimeout(pending);
    off();
  };
}

type SourceData = Parameters<GeoJSONSource['setData']>[0];

/**
 * The layers of a source are drawn only while it has features: an empty source still costs
 * every frame (its tiles are loaded again after each camera jump, its symbols placed and,
 * under a line layer, masked), so with no saved route, no draft, no measurement and no trace
 * the map draws none of them.
 */
function showWhenFilled(map: MapLibreMap, source: string, data: SourceData): void {
  showLayers(map, source, typeof data === 'string' || !('features' in data) || data.features.length > 0);
}

function showLayers(map: MapLibreMap, source: string, filled: boolean): void {
  for (const id of map.getLayersOrder()) {
    if (map.getLayer(id)?.source !== source) continue;
    const visibility = filled ? 'visible' : 'none';
    if (map.getLayoutProperty(id, 'visibility') !== visibility) map.setLayoutProperty(id, 'visibility', visibility);
  }
}

/** Replaces a data source's features (a no-op until the layers exist); its layers show only when it has some. */
export function setData(map: MapLibreMap, source: string, data: SourceData): void {
  const target = map.getSource(source) as GeoJSONSource | undefined;
  if (!target) return;
  target.setData(data);
  showWhenFilled(map, source, data);
}
