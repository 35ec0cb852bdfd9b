// The survey data drawn over the basemap: sources and layers, bottom to top — saved routes,
// the vehicle trace, the draft route, the position's accuracy circle, measurements (clustered
// GeoJSON) and the live position. Layer ids are the map's test interface too (docs/map.md).
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { COUNT_IMAGE_PREFIX, HEADING_IMAGE, POI_IMAGE_PREFIX } from './mapImages';

export const SOURCES = {
  routes: 'cw-routes',
  trace: 'cw-trace',
  draft: 'cw-draft',
  measurements: 'cw-measurements',
  position: 'cw-position',
} as const;

export const LAYERS = {
  routes: 'cw-routes-line',
  trace: 'cw-trace-line',
  draftLine: 'cw-draft-line',
  draftPoints: 'cw-draft-points',
  accuracy: 'cw-position-accuracy',
  clusters: 'cw-measurement-clusters',
  clusterCounts: 'cw-measurement-cluster-counts',
  measurements: 'cw-measurements',
  position: 'cw-position',
  heading: 'cw-position-heading',
} as const;

/** Measurements cluster below this zoom (within 50 px); each one stands alone from it on. */
export const CLUSTER_MAX_ZOOM = 15;
export const CLUSTER_RADIUS_PX = 50;

const EMPTY = { type: 'FeatureCollection', features: [] } as const;

export function addDataLayers(map: MapLibreMap): void {
  for (const id of [SOURCES.routes, SOURCES.trace, SOURCES.draft, SOURCES.position]) map.addSource(id, { type: 'geojson', data: EMPTY });
  map.addSource(SOURCES.measurements, {
    type: 'geojson',
    data: EMPTY,
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
    layout: { 'line-cap': 'round', 'line-join': 'round' },
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
    id: LAYERS.accuracy,
    type: 'fill',
    source: SOURCES.position,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': '#2563eb', 'fill-opacity': 0.15, 'fill-outline-color': '#2563eb' },
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
  map.addLayer({
    id: LAYERS.position,
    type: 'circle',
    source: SOURCES.position,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 8, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
  });
  map.addLayer({
    id: LAYERS.heading,
    type: 'symbol',
    source: SOURCES.position,
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'hasHeading'], true]],
    layout: {
      'icon-image': HEADING_IMAGE,
      'icon-rotate': ['get', 'heading'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
}

/** Replaces a data source's features (a no-op until the layers exist). */
export function setData(map: MapLibreMap, source: string, data: Parameters<GeoJSONSource['setData']>[0]): void {
  (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
}
