import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { formatAge } from './format';
import { fixWarning } from './freshness';
import type { GpsController } from './gpsController';
import { gpsController } from './gpsService';
import type { GpsState, GpsView } from './gpsState';

/** Lets a test (or a story) render the GPS components over its own controller. */
export const GpsControllerContext = createContext<GpsController | null>(null);

export function useGpsController(): GpsController {
  return useContext(GpsControllerContext) ?? gpsController();
}

/** The GPS view; re-renders at most once per animation frame. */
export function useGps(): GpsView {
  const controller = useGpsController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}

/** A sample due within this time is taken with the GPS notification at hand. */
export const SAMPLE_SLACK_MS = 250;

/**
 * The GPS view sampled at most once every `intervalMs` (the newest one always arrives, at
 * the end of the interval): for views that need not move at the receiver's rate and cost
 * much to redraw, such as the map, which a 20 Hz receiver would otherwise repaint 20 times
 * a second.
 */
export function useGpsSample(intervalMs: number): GpsView {
  const controller = useGpsController();
  const [view, setView] = useState(() => controller.getSnapshot());
  useEffect(() => {
    let last = 0;
    let timer: number | undefined;
    const take = () => {
      timer = undefined;
      last = performance.now();
      setView(controller.getSnapshot());
    };
    const unsubscribe = controller.subscribe(() => {
      const due = last + intervalMs - performance.now();
      if (due <= SAMPLE_SLACK_MS) {
        // Close enough: taken with the notification, so it renders in the same frame as the
        // other GPS views (the panel, the fix strip), not in a frame of its own.
        if (timer !== undefined) window.clearTimeout(timer);
        take();
      } else if (timer === undefined) {
        timer = window.setTimeout(take, due);
      }
    });
    take();
    return () => {
      unsubscribe();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [controller, intervalMs]);
  return view;
}

/** Date.now(), refreshed every `intervalMs` (the age of the last update ticks once a second). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * Date.now() for a fix's freshness (its warning and its age), checked every `intervalMs`:
 * the caller re-renders only when what it shows would change. While positions keep arriving
 * the age stays 'just now', so the clock costs no render, layout or paint; once they stop,
 * the age ticks and the stale warning comes, as with useNow.
 */
export function useFixClock(fix: Pick<GpsState, 'lastUpdate' | 'latitude' | 'fixQuality'>, intervalMs: number): number {
  const { lastUpdate, latitude, fixQuality } = fix;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const shown = (at: number) => `${fixWarning({ lastUpdate, latitude, fixQuality }, at) ?? ''}|${formatAge(lastUpdate, at)}`;
    const id = window.setInterval(() => {
      const next = Date.now();
      setNow((current) => (shown(current) === shown(next) ? current : next));
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [lastUpdate, latitude, fixQuality, intervalMs]);
  return now;
}
