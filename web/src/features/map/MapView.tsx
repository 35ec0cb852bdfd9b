// The maplibre map itself: with positionMarker.ts (which only it imports), the one module
// that imports maplibre-gl, loaded lazily by FieldMap (its own chunk, never in the first
// bundle). It draws the basemap (basemapStyle.ts), the survey data (dataLayers.ts) it is
// given and the live position (positionMarker.ts), follows the position, turns with the
// heading, and reports taps and Enter on markers. Test hook: the map container element
// carries the maplibre instance as its `clearwayMap` property (no global), and
// `data-map-state` says 'loading', 'ready' or 'failed'.
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { FileSource, PMTiles, Protocol } from 'pmtiles';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOnScreen } from '../../ui/useOnScreen';
import { fetchStyle, plainStyle, pmtilesStyle, type Basemap } from './basemapStyle';
import { addDataLayers, followLayer, LAYERS, setData, SOURCES } from './dataLayers';
import type { FeatureLayer, MarkerFeature, TraceFeature } from './featureLayer';
import { FOLLOW_ZOOM, lastPosition } from './lastPosition';
import { noteMapOrigins, styleResourceUrls } from './mapCacheOrigins';
import { provideImages } from './mapImages';
import { followMustMove, sameBearing, type LivePosition, type MapPoint } from './mapData';
import { PositionMarker } from './positionMarker';

type Data = Parameters<maplibregl.GeoJSONSource['setData']>[0];

export interface MapViewProps {
  basemap: Basemap;
  /** The survey's markers and trace lines: handed over whole once, then as diffs (updateData). */
  measurements: FeatureLayer<MarkerFeature> | null;
  routes: Data;
  trace: FeatureLayer<TraceFeature> | null;
  /** Set (the survey's id) once all of the survey's data is read: the map frames it once per key. */
  frameKey: string | null;
  draft: Data;
  /** The live position, its heading and accuracy (drawn as a marker over the map). */
  live: LivePosition;
  /** [lng, lat] of the live position, or null. */
  positionAt: [number, number] | null;
  course: number | null;
  follow: boolean;
  headingUp: boolean;
  /** The surveyor moved the map by hand: following stops. */
  onUserMove: () => void;
  onMapClick?: (point: MapPoint) => void;
  onSelectMeasurement: (id: string) => void;
  /** A problem worth telling the surveyor (the style could not load...), or null. */
  onNotice: (message: string | null) => void;
}

export type MapElement = HTMLDivElement & { clearwayMap?: maplibregl.Map };

let workerSet = false;

/** Hit box around a tap or the centre, in px: a finger is not a pixel. */
const HIT_PX = 12;

async function styleFor(basemap: Basemap, onNotice: MapViewProps['onNotice']): Promise<maplibregl.StyleSpecification> {
  if (basemap.kind === 'pmtiles') {
    const protocol = new Protocol();
    maplibregl.addProtocol('pmtiles', protocol.tile);
    const archive = new PMTiles(new FileSource(basemap.file));
    protocol.add(archive);
    try {
      await archive.getHeader();
      return pmtilesStyle(basemap.file.name);
    } catch (error) {
      onNotice(`The offline map file could not be read (${error instanceof Error ? error.message : String(error)}). Showing the survey data on a plain background.`);
      return plainStyle();
    }
  }
  if (basemap.kind === 'url') {
    await noteMapOrigins([basemap.url]);
    try {
      const style = await fetchStyle(basemap.url);
      // Its tiles, glyphs and sprites may come from other origins: the worker learns them first.
      await noteMapOrigins(styleResourceUrls(style as Parameters<typeof styleResourceUrls>[0]));
      return style;
    } catch (error) {
      onNotice(`${error instanceof Error ? error.message : String(error)} Showing the survey data on a plain background.`);
      return plainStyle();
    }
  }
  return plainStyle();
}

/** The bounds of every coordinate in these collections, or null when there is none. */
function boundsOf(collections: readonly (Data | { features: readonly { geometry: { coordinates: unknown } }[] } | undefined)[]): maplibregl.LngLatBounds | null {
  const bounds = new maplibregl.LngLatBounds();
  let any = false;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') {
      bounds.extend([c[0], c[1]]);
      any = true;
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  for (const data of collections) {
    if (typeof data === 'object' && data && 'features' in data) for (const f of data.features) if (f.geometry && 'coordinates' in f.geometry) visit(f.geometry.coordinates);
  }
  return any ? bounds : null;
}

/**
 * Runs `work` in a task of its own (a timer) once React's commit is over; returns the
 * cancel (an effect's cleanup: a newer position replaces one not yet applied). A new fix
 * re-renders the readouts, then the page is laid out and painted; moving the marker and the
 * camera in that same task made it longer (the first fix's task in `npm run bench --
 * gps-panel`: React 31 ms at 4× CPU throttling, about 14 of them the map's).
 */
function inNextTask(work: () => void): () => void {
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/**
 * Runs `jump` (a camera move without animation) so that it draws one frame. A jump to
 * another whole zoom level made maplibre draw frames for `fadeDuration` after it (the
 * cross-fade between the two levels' line patterns, which a jump has no use for: 4 frames
 * for the first fix's jump from zoom 1 to 15, about 45 ms each at 4× CPU throttling, with
 * nothing but the background to draw). The fade is kept for the pans (see the map's
 * options): it is off for the frame of the jump only. maplibre has no public setting for
 * this; `_fadeDuration` is the field its render reads (maplibre 6). Were it renamed, the
 * jump would draw its cross-fade frames again, which `map.spec.ts` counts.
 */
function jumpInOneFrame(map: maplibregl.Map, jump: () => void): void {
  const internal = map as unknown as { _fadeDuration?: number };
  const fade = internal._fadeDuration;
  if (typeof fade === 'number' && fade > 0) {
    internal._fadeDuration = 0;
    map.once('render', () => {
      internal._fadeDuration = fade;
    });
  }
  jump();
  // A jump that changed nothing (fitBounds on a map too small for its padding) asks for no
  // frame: this one puts the fade back.
  map.triggerRepaint();
}

export default function MapView(props: MapViewProps) {
  const container = useRef<MapElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(props);
  // While the map is scrolled out of sight, a new fix neither moves its marker nor its camera:
  // each would draw a frame nobody sees (the first fix's jump and its zoom cross-fade drew 4
  // frames, about 200 ms at 4× CPU throttling, with the page scrolled to the GPS panel in
  // `npm run bench -- gps-panel`). The newest position is applied when the map comes back into
  // view, half a screen ahead of it.
  const onScreen = useOnScreen(container, '50% 0px');
  const fitted = useRef<string | null>(null);
  // Following has put the position in the middle since it was turned on (north-up only).
  const centred = useRef(false);
  useEffect(() => {
    latest.current = props;
  });

  const { basemap } = props;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    let created: maplibregl.Map | null = null;
    if (!workerSet) {
      maplibregl.setWorkerUrl(workerUrl);
      workerSet = true;
    }
    // Set together, so a reader never sees the new basemap's name beside the old map's state.
    element.dataset.basemap = basemap.kind;
    element.dataset.mapState = 'loading';
    // Where the map's own time starts (the map-100k bench measures from here).
    performance.mark('clearway:map-start');
    const start = lastPosition();
    void styleFor(basemap, (m) => latest.current.onNotice(m)).then((style) => {
      if (!live) return;
      try {
        created = new maplibregl.Map({
          container: element,
          style,
          // Where the live position last showed (at the zoom that follows it), else the world.
          ...(start ? { center: start, zoom: FOLLOW_ZOOM } : { center: [0, 20], zoom: 1 }),
          attributionControl: { compact: true },
          // Icons fade in over 100 ms. At 0 maplibre places every symbol again in every frame
          // of a move (a full placement: a fifth of the pans' frame time in `npm run bench --
          // map-100k`); with a fade it places them at most every 100 ms, spread over frames.
          // The live position is a DOM marker: a new fix starts no fade.
          fadeDuration: 100,
          // The canvas is a region of its own: named apart from the section 'Map' around it.
          locale: { 'Map.Title': 'Map view: arrow keys move, Enter opens the marker at the centre' },
          // An online style's resources: their origins go to the service worker's map cache.
          transformRequest: (url) => {
            if (basemap.kind === 'url') void noteMapOrigins([url]);
            return { url };
          },
        });
      } catch (error) {
        element.dataset.mapState = 'failed';
        setFailed(`The map cannot be shown on this device (${error instanceof Error ? error.message : String(error)}). The measurements are in the list.`);
        return;
      }
      const m = created;
      element.clearwayMap = m;
      m.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), 'top-right');
      const scale = new maplibregl.ScaleControl({ unit: 'metric' });
      m.addControl(scale, 'bottom-left');
      // The scale is redrawn when the camera settles, not in every frame of a move: its width
      // follows the latitude, and each change laid out and repainted the whole page (the pans
      // of `npm run bench -- map-100k`: the 4,720 px workspace painted in every frame).
      m.off('move', scale._onMove);
      m.on('moveend', scale._onMove);
      provideImages(m);
      m.on('error', (event) => console.warn('map:', event.error?.message ?? event));
      m.on('dragstart', (event) => {
        if ((event as { originalEvent?: unknown }).originalEvent) latest.current.onUserMove();
      });
      m.on('load', () => {
        if (!live) return;
        addDataLayers(m);
        element.dataset.mapState = 'ready';
        setMap(m);
      });
    });
    return () => {
      live = false;
      created?.remove();
      delete element.clearwayMap;
      setMap(null);
      fitted.current = null;
      centred.current = false;
    };
  }, [basemap]);

  const { measurements, routes, trace, draft, live } = props;
  useEffect(() => (map ? followLayer(map, SOURCES.measurements, measurements) : undefined), [map, measurements]);
  useEffect(() => void (map && setData(map, SOURCES.routes, routes)), [map, routes]);
  useEffect(() => (map ? followLayer(map, SOURCES.trace, trace) : undefined), [map, trace]);
  useEffect(() => void (map && setData(map, SOURCES.draft, draft)), [map, draft]);
  const marker = useRef<PositionMarker | null>(null);
  // A layout effect, as the one that moves it below: made in the commit that brings the map,
  // so a position applied from that commit (in a timer that may run before React's passive
  // effects) finds it.
  useLayoutEffect(() => {
    if (!map) return;
    marker.current = new PositionMarker(map);
    return () => {
      marker.current?.remove();
      marker.current = null;
    };
  }, [map]);

  // Once the survey's data is all read, it frames the map (unless the map follows a position).
  const { positionAt, follow, frameKey } = props;
  useEffect(() => {
    if (!map || frameKey === null || fitted.current === frameKey || (follow && positionAt)) return;
    fitted.current = frameKey;
    const bounds = boundsOf([measurements?.collection(), routes, trace?.collection()]);
    if (bounds) jumpInOneFrame(map, () => map.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 }));
  }, [map, frameKey, measurements, routes, trace, follow, positionAt]);

  // The live position's marker and the camera that follows it, from the commit that shows
  // the new fix in words (a layout effect: before that commit's frame is drawn). When only the
  // marker moves, it moves there, in the readouts' frame. When the camera moves, both move
  // together, in one task of their own after the commit (see inNextTask), so no frame shows
  // the marker moved and the camera not yet. Out of sight, neither moves (useOnScreen).
  const { course, headingUp } = props;
  useLayoutEffect(() => {
    // Following turned off (even out of sight): turned on again, it centres the map.
    if (!follow || !positionAt) centred.current = false;
    if (!map || !onScreen) return;
    const bearing = headingUp && course !== null ? course : 0;
    // What the camera does for this position: nothing, a jump (following) or a turn.
    let moveCamera: (() => void) | null = null;
    if (follow && positionAt) {
      // A jump, not an ease: each camera move redraws the whole map, an ease once per frame
      // of its animation. North-up, the camera stays while the position is in the map's
      // middle (followMustMove) and the marker moves; heading-up turns with every course.
      const zoom = Math.max(map.getZoom(), FOLLOW_ZOOM);
      // The map's size from its canvas's pixel size (attributes maplibre sets on resize):
      // reading the container's would force a layout of the page React has just changed
      // (186 ms of self time in a 10 s profile of bench gps-panel at 4× throttling).
      const canvas = map.getCanvas();
      const ratio = map.getPixelRatio();
      const size = { width: canvas.width / ratio, height: canvas.height / ratio };
      // Heading-up, it is centred on every new position (a change of accuracy alone moves nothing).
      const centre = map.getCenter();
      const atCentre = Math.abs(centre.lng - positionAt[0]) < 1e-9 && Math.abs(centre.lat - positionAt[1]) < 1e-9;
      const stays = centred.current && sameBearing(map.getBearing(), bearing) && map.getZoom() === zoom && (headingUp ? atCentre : !followMustMove(map.project(positionAt), size));
      if (!stays)
        moveCamera = () => {
          jumpInOneFrame(map, () => map.jumpTo({ center: positionAt, bearing, zoom }));
          centred.current = true;
        };
    } else if (!sameBearing(map.getBearing(), bearing) && (!headingUp || course !== null)) {
      moveCamera = () => map.easeTo({ bearing, duration: 300 });
    }
    // A frame of its own for the marker cost as much again in style and layerisation as the
    // readouts' (bench gps-panel). Putting it on the map waits for the task, as a camera move.
    const shown = marker.current;
    if (shown?.onMap && !moveCamera) {
      shown.update(live);
      return;
    }
    return inNextTask(() => {
      marker.current?.update(live);
      moveCamera?.();
    });
  }, [map, onScreen, live, follow, positionAt, course, headingUp]);

  // Taps: a cluster zooms in, a marker opens its details, anywhere else is the caller's.
  useEffect(() => {
    if (!map) return;
    const pick = async (at: maplibregl.PointLike & { x: number; y: number }): Promise<boolean> => {
      const box: [maplibregl.PointLike, maplibregl.PointLike] = [
        [at.x - HIT_PX, at.y - HIT_PX],
        [at.x + HIT_PX, at.y + HIT_PX],
      ];
      const hits = map.queryRenderedFeatures(box, { layers: [LAYERS.measurements, LAYERS.clusters] });
      const centre = map.project(map.unproject(at));
      hits.sort((a, b) => {
        const d = (f: maplibregl.MapGeoJSONFeature) => {
          const c = f.geometry.type === 'Point' ? map.project(f.geometry.coordinates as [number, number]) : centre;
          return (c.x - at.x) ** 2 + (c.y - at.y) ** 2;
        };
        return d(a) - d(b);
      });
      const hit = hits[0];
      if (!hit) return false;
      const clusterId = hit.properties?.cluster_id;
      if (typeof clusterId === 'number' && hit.geometry.type === 'Point') {
        const source = map.getSource(SOURCES.measurements) as maplibregl.GeoJSONSource;
        const zoom = await source.getClusterExpansionZoom(clusterId);
        map.easeTo({ center: hit.geometry.coordinates as [number, number], zoom });
        return true;
      }
      const id = hit.properties?.mid;
      if (typeof id === 'string') {
        latest.current.onSelectMeasurement(id);
        return true;
      }
      return false;
    };
    const onClick = (event: maplibregl.MapMouseEvent) => {
      void pick(event.point).then((handled) => {
        if (!handled) latest.current.onMapClick?.({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      });
    };
    const canvas = map.getCanvas();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const { width, height } = canvas.getBoundingClientRect();
      void pick(new maplibregl.Point(width / 2, height / 2));
    };
    map.on('click', onClick);
    canvas.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick);
      canvas.removeEventListener('keydown', onKey);
    };
  }, [map]);

  return (
    <>
      <div ref={container} className="field-map__canvas" />
      {failed && (
        <p role="alert" className="field-map__failed">
          {failed}
        </p>
      )}
    </>
  );
}
