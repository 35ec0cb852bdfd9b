// What the map draws for the active survey: measurements styled from the core's POI table
// and their clearance status, kept current from the change signal (surveyFeed.ts); saved
// routes, read again when they change (useStoreRead); and the basemap the surveyor chose
// (the OPFS file, else the style URL).
import { useEffect, useMemo, useRef, useState } from 'react';
import { poiTypes, type PoiTypeInfo } from '../../core/survey';
import type { LoadProfile } from '../../model';
import { basemapFile, subscribeBasemap } from '../../services/basemap';
import { stores } from '../../services/storage';
import { useClearanceCore, usePreviousChangeOf, PREVIOUS_CHANGE_PROPERTY } from '../clearance';
import { useStoreRead } from '../storage';
import type { Basemap } from './basemapStyle';
import { routeFeatures } from './mapData';
import { markerStyler } from './markerStyle';
import { SurveyMapFeed, type FeedState } from './surveyFeed';
import type { MarkerStyler } from './featureLayer';

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

/**
 * The active survey's layers: measurements and trace as incremental feature layers (one full
 * read per survey, then the change signal's records; see surveyFeed.ts), the saved routes
 * read again when routes change (few: one transaction for all of them and their points).
 */
export function useSurveyLayers(surveyId: string | null, load: LoadProfile | null | undefined) {
  const table = usePoiTable();
  const clearance = useClearanceCore();
  const key = surveyId ?? '';
  // The load as a value: the survey record is a new object on every save of it.
  const loadKey = load ? JSON.stringify(load) : '';
  // Against a previous survey of the route (issue 15 point 6), a changed clearance gets a
  // `previousChange` property (a halo in dataLayers.ts).
  const changeOf = usePreviousChangeOf(surveyId);
  const styler = useMemo((): MarkerStyler | null => {
    if (!table) return null;
    const base = markerStyler(table, clearance, loadKey ? (JSON.parse(loadKey) as LoadProfile) : null);
    if (!changeOf) return base;
    return (m) => {
      const properties = base(m);
      const change = changeOf(m);
      return change ? { ...properties, [PREVIOUS_CHANGE_PROPERTY]: change } : properties;
    };
  }, [table, clearance, loadKey, changeOf]);
  const [feed, setFeed] = useState<SurveyMapFeed | null>(null);
  const [state, setState] = useState<FeedState & { key: string }>({ key: '', ready: false, unplaced: 0, error: null });
  const stylerRef = useRef(styler);
  useEffect(() => {
    stylerRef.current = styler;
  });
  const hasStyler = styler !== null;

  useEffect(() => {
    const first = stylerRef.current;
    if (!surveyId || !first) {
      setFeed(null);
      return;
    }
    const made = new SurveyMapFeed(surveyId, first, (s) =>
      // Most changes leave these as they were: no render then.
      setState((prev) => (prev.key === surveyId && prev.ready === s.ready && prev.unplaced === s.unplaced && prev.error === s.error ? prev : { ...s, key: surveyId })),
    );
    setFeed(made);
    // Where reading the survey for the map starts: before the map's own start when the core
    // (the styler's POI table) is in first (the map-100k bench times from the earlier of the two).
    performance.mark('clearway:map-data-start');
    made.start();
    return () => made.stop();
  }, [surveyId, hasStyler]);

  // A new table or load profile restyles the markers (the feed reads the measurements again: rare).
  useEffect(() => {
    if (feed && styler && feed.surveyId === surveyId) feed.restyle(styler);
    // Only a styler change restyles; a new feed starts with the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styler]);

  const routes = useStoreRead(key, ['routes', 'route-points'], () => (surveyId ? stores.routes.withPoints(surveyId) : Promise.resolve([])));
  const routeData = useMemo(() => (routes.status === 'ready' ? routeFeatures(routes.value) : EMPTY), [routes]);
  const current = feed && feed.surveyId === surveyId ? feed : null;
  const mine = state.key === key;
  // Everything read (and styled): the map frames the survey once, on this.
  const ready = current !== null && mine && state.ready && routes.status === 'ready';
  useEffect(() => {
    if (ready) performance.mark('clearway:map-data-ready');
  }, [ready, key]);
  const error = (mine ? state.error : null) ?? (routes.status === 'failed' ? routes.error : null);
  return {
    frameKey: ready ? key : null,
    measurements: current?.measurements.layer ?? null,
    trace: current?.trace.layer ?? null,
    unplaced: mine ? state.unplaced : 0,
    routes: routeData,
    error: error ?? null,
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
