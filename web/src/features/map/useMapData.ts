// What the map draws for the active survey, read from the local store and read again when
// it changes (useStoreRead): measurements styled from the core's POI table, saved routes,
// the vehicle trace; and the basemap the surveyor chose (the OPFS file, else the style URL).
import { useEffect, useMemo, useState } from 'react';
import { poiTypes, type PoiTypeInfo } from '../../core/survey';
import { basemapFile, subscribeBasemap } from '../../services/basemap';
import { stores } from '../../services/storage';
import { useStoreRead } from '../storage';
import type { Basemap } from './basemapStyle';
import { measurementFeatures, routeFeatures, traceFeatures } from './mapData';

const NO_POI_TYPES: PoiTypeInfo[] = [];

/** The core's POI table; null while it loads, empty if the core cannot be loaded (grey markers then). */
export function usePoiTable(): PoiTypeInfo[] | null {
  const [table, setTable] = useState<PoiTypeInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    poiTypes().then(
      (t) => live && setTable(t),
      (error: unknown) => {
        console.error('Map: the POI table could not be loaded:', error);
        if (live) setTable(NO_POI_TYPES);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return table;
}

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

export function useSurveyLayers(surveyId: string | null) {
  const table = usePoiTable();
  const key = surveyId ?? '';
  const measurements = useStoreRead(key, ['measurements'], () => (surveyId ? stores.measurements.all(surveyId) : Promise.resolve([])));
  const routes = useStoreRead(key, ['routes', 'route-points'], async () => {
    if (!surveyId) return [];
    const list = await stores.routes.ofSurvey(surveyId);
    return Promise.all(list.map(async (route) => ({ route, points: await stores.routes.points(route.id) })));
  });
  const trace = useStoreRead(key, ['vehicleTraces'], () => (surveyId ? stores.traces.ofSurvey(surveyId) : Promise.resolve([])));

  // Built once the POI table is there: each build is a full hand-over to the map's worker.
  const measurementData = useMemo(
    () => (measurements.status === 'ready' && table ? measurementFeatures(measurements.value, table) : { collection: EMPTY, unplaced: 0 }),
    [measurements, table],
  );
  const routeData = useMemo(() => (routes.status === 'ready' ? routeFeatures(routes.value) : EMPTY), [routes]);
  const traceData = useMemo(() => (trace.status === 'ready' ? traceFeatures(trace.value) : EMPTY), [trace]);
  const failed = [measurements, routes, trace].find((r) => r.status === 'failed');
  // Everything read (and styled): the map frames the survey once, on this.
  const ready = measurements.status === 'ready' && routes.status === 'ready' && trace.status === 'ready' && table !== null;
  useEffect(() => {
    if (ready) performance.mark('clearway:map-data-ready');
  }, [ready, key]);
  return {
    frameKey: ready ? key : null,
    measurements: measurementData.collection,
    unplaced: measurementData.unplaced,
    routes: routeData,
    trace: traceData,
    error: failed?.status === 'failed' ? failed.error : null,
  };
}

/** The basemap to draw: the offline file when one is kept, else the style URL, else none. */
export function useBasemap(styleUrl: string): Basemap | null {
  const [file, setFile] = useState<File | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () => void basemapFile().then((f) => live && setFile(f));
    read();
    const off = subscribeBasemap(read);
    return () => {
      live = false;
      off();
    };
  }, []);
  return useMemo((): Basemap | null => {
    if (file === undefined) return null;
    if (file) return { kind: 'pmtiles', file };
    if (styleUrl) return { kind: 'url', url: styleUrl };
    return { kind: 'none' };
  }, [file, styleUrl]);
}
