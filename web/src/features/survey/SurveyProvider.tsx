// The surveyor's workspace state: the active survey (restored at startup), its
// measurements newest first, and the lifecycle actions with their SPEC toasts. Auto-save
// runs 5 s after a survey is created and then on the settings' schedule.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { subscribeChanges } from '../../services/storage';
import { toast } from '../../ui/toast';
import { useSettings } from '../settings/SettingsProvider';
import { startStorage } from '../storage/storageNotices';
import { AUTOSAVE_DELAY_MS, runAutosave } from './autosave';
import { type Fix, type Measurement, type MeasurementInput, type Survey, type SurveyForm } from './records';
import {
  SurveyError,
  addMeasurement,
  clearSurvey,
  createSurvey,
  deleteMeasurement,
  findActiveSurvey,
  listMeasurements,
  listSurveys,
  loadSurvey,
  restoreLocalCopies,
  updateMeasurement,
  type SavedMeasurement,
} from './surveyService';

export interface SurveyWorkspace {
  status: 'loading' | 'ready' | 'failed';
  active: Survey | null;
  /** The active survey's measurements, newest first. */
  measurements: readonly Measurement[];
  lastAutoSaved: string | null;
  create: (form: SurveyForm, fix: Fix) => Promise<Survey>;
  load: (id: string) => Promise<void>;
  clear: () => Promise<void>;
  add: (input: MeasurementInput, fix: Fix) => Promise<SavedMeasurement>;
  update: (measurement: Measurement) => Promise<void>;
  remove: (measurement: Measurement) => Promise<void>;
  listSurveys: () => Promise<Survey[]>;
}

const SurveyContext = createContext<SurveyWorkspace | null>(null);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function SurveyProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const [status, setStatus] = useState<SurveyWorkspace['status']>('loading');
  const [active, setActive] = useState<Survey | null>(null);
  const [measurements, setMeasurements] = useState<readonly Measurement[]>([]);
  const [lastAutoSaved, setLastAutoSaved] = useState<string | null>(null);
  const activeRef = useRef<Survey | null>(null);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const show = useCallback(async (survey: Survey | null) => {
    activeRef.current = survey;
    setActive(survey);
    setLastAutoSaved(survey?.lastAutoSaved ?? null);
    setMeasurements(survey ? await listMeasurements(survey.id) : []);
  }, []);

  // At startup: open the store, put back what only local copies hold, restore the active survey.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        await startStorage();
        await restoreLocalCopies();
        const survey = await findActiveSurvey();
        if (live) await show(survey);
        if (live) setStatus('ready');
      } catch (error) {
        console.error('Survey workspace: start failed:', error);
        if (live) setStatus('failed');
        toast({ title: 'Failed to load survey', description: message(error), variant: 'destructive' });
      }
    })();
    return () => {
      live = false;
    };
  }, [show]);

  // Another tab wrote: read the active survey again. This tab's own writes update the state
  // directly; one landing while a read is under way makes the read start over, so a read
  // that began before it can never hide it.
  useEffect(() => {
    let localWrites = 0;
    let reading = false;
    let again = false;
    const reload = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const seen = localWrites;
          const survey = await findActiveSurvey();
          const list = survey ? await listMeasurements(survey.id) : [];
          if (localWrites !== seen) {
            again = true;
            continue;
          }
          activeRef.current = survey;
          setActive(survey);
          setLastAutoSaved(survey?.lastAutoSaved ?? null);
          setMeasurements(list);
        } while (again);
      } catch (error) {
        console.warn('Survey workspace: refresh failed:', error);
      } finally {
        reading = false;
      }
    };
    return subscribeChanges((change) => {
      if (change.store !== 'measurements' && change.store !== 'surveys') return;
      if (change.local) localWrites += 1;
      else void reload();
    });
  }, []);

  // Auto-save: 5 s after creation (`createdHere`), then every N minutes, while enabled.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const { autoSave, autoSaveImages, autoSaveIntervalMinutes } = settings.logging;
  const activeId = active?.id ?? null;
  useEffect(() => {
    if (!autoSave || !activeId) return;
    const run = () => {
      const survey = activeRef.current;
      if (!survey || survey.id !== activeId) return;
      runAutosave(survey, { includeImages: autoSaveImages }).then(
        (result) => {
          setLastAutoSaved(result.savedAt);
          setActive((current) => (current?.id === result.survey.id ? { ...current, lastAutoSaved: result.savedAt } : current));
        },
        (error: unknown) => {
          console.error('Auto-save failed:', error);
          toast({ title: 'Auto-save failed', description: message(error), variant: 'destructive' });
        },
      );
    };
    const first = createdHere === activeId ? window.setTimeout(run, AUTOSAVE_DELAY_MS) : undefined;
    const every = window.setInterval(run, Math.max(1, autoSaveIntervalMinutes) * 60_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, [autoSave, autoSaveImages, autoSaveIntervalMinutes, activeId, createdHere]);

  const create = useCallback(
    async (form: SurveyForm, fix: Fix) => {
      const created = await createSurvey(form, fix);
      if (created.saved.savedIn === 'local') toast({ title: created.saved.message, variant: 'destructive' });
      setCreatedHere(created.survey.id);
      activeRef.current = created.survey;
      setActive(created.survey);
      setLastAutoSaved(null);
      setMeasurements([created.start]);
      return created.survey;
    },
    [],
  );

  const load = useCallback(
    async (id: string) => {
      try {
        await show(await loadSurvey(id));
      } catch (error) {
        toast({ title: error instanceof SurveyError ? error.message : 'Failed to load survey', variant: 'destructive' });
        throw error;
      }
    },
    [show],
  );

  const clear = useCallback(async () => {
    const survey = activeRef.current;
    if (!survey) throw new SurveyError('no-active-survey', 'No active survey');
    await clearSurvey(survey.id);
    await show(null);
  }, [show]);

  const add = useCallback(async (input: MeasurementInput, fix: Fix) => {
    const saved = await addMeasurement(activeRef.current, input, fix);
    setMeasurements((current) => [saved.measurement, ...current]);
    return saved;
  }, []);

  const update = useCallback(async (measurement: Measurement) => {
    const outcome = await updateMeasurement(measurement);
    if (outcome.savedIn === 'local') toast({ title: outcome.message, variant: 'destructive' });
    setMeasurements((current) => current.map((m) => (m.id === measurement.id ? measurement : m)));
  }, []);

  const remove = useCallback(async (measurement: Measurement) => {
    await deleteMeasurement(measurement);
    setMeasurements((current) => current.filter((m) => m.id !== measurement.id));
  }, []);

  const value = useMemo(
    () => ({ status, active, measurements, lastAutoSaved, create, load, clear, add, update, remove, listSurveys }),
    [status, active, measurements, lastAutoSaved, create, load, clear, add, update, remove],
  );
  return <SurveyContext.Provider value={value}>{children}</SurveyContext.Provider>;
}

export function useSurvey(): SurveyWorkspace {
  const workspace = useContext(SurveyContext);
  if (!workspace) throw new Error('useSurvey needs a <SurveyProvider> above it');
  return workspace;
}
