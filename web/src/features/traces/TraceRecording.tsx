// Runs the trace recorder for the active survey, on every page (mounted once by the app
// shell): recording while the survey is active and its enableVehicleTrace is on. Renders
// nothing; the trace panel of the survey workspace shows what it does.
import { useEffect, useSyncExternalStore } from 'react';
import { stores } from '../../services/storage';
import { useGpsController } from '../gps';
import { useSettings } from '../settings';
import { useStoreRead } from '../storage';
import type { Survey } from '../../model';
import { traceRecorder } from './traceService';
import type { TraceStatus } from './recorder';

/** Whether the survey records its vehicle trace (SPEC §3: default true). */
export const traceEnabled = (survey: Pick<Survey, 'enableVehicleTrace'>): boolean => survey.enableVehicleTrace !== false;

const plannedRoute = (survey: Survey): string | null => (typeof survey.plannedRouteId === 'string' && survey.plannedRouteId ? survey.plannedRouteId : null);

export function TraceRecording({ survey }: { survey: Survey | null }) {
  if (!survey || !traceEnabled(survey)) return <StopRecording />;
  return <Recording surveyId={survey.id} routeId={plannedRoute(survey)} />;
}

function StopRecording() {
  useEffect(() => {
    void traceRecorder().stop();
  }, []);
  return null;
}

function Recording({ surveyId, routeId }: { surveyId: string; routeId: string | null }) {
  const gps = useGpsController();
  const seconds = useSettings().settings.gps.traceIntervalSeconds;
  const minIntervalMs = Number.isFinite(seconds) && seconds >= 1 ? seconds * 1000 : 1000;
  useEffect(() => {
    void traceRecorder().start({ surveyId, routeId, gps, minIntervalMs });
  }, [surveyId, routeId, gps, minIntervalMs]);
  return null;
}

/** The recorder's status, for the panel. */
export function useTraceStatus(): TraceStatus {
  const recorder = traceRecorder();
  return useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
}

/** How many trace points the store holds for the survey (emergency copies included); null while reading. */
export function useStoredTraceCount(surveyId: string): number | null {
  const read = useStoreRead(surveyId, ['vehicleTraces'], () => stores.traces.count(surveyId));
  if (read.status === 'failed') console.warn('Trace point count could not be read:', read.error);
  return read.status === 'ready' ? read.value : null;
}
