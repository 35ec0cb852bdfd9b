import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { GpsController } from './gpsController';
import { gpsController } from './gpsService';
import type { GpsView } from './gpsState';

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

/** Date.now(), refreshed every `intervalMs` (the age of the last update ticks once a second). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
