// The surveyor's workspace state, shared by every page (mounted by web/src/app): the
// active survey (restored at startup), how many measurements it has, its newest page, its
// next POI number, and the lifecycle actions with their SPEC toasts. A survey of 100,000
// measurements is never read whole: the list asks for the pages it shows (`page`), and
// `version` changes whenever the survey's measurements may have changed, so cached pages
// are dropped. Auto-save runs 5 s after a survey is created and then on the settings'
// schedule.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Measurement, Survey } from '../../model';
import { stores, subscribeChanges, takeBrowserDataLoss } from '../../services/storage';
import { toast } from '../../ui/toast';
import { useSettings } from '../settings';
import { startStorage } from '../storage';
import { AUTOSAVE_DELAY_MS, runAutosave } from './autosave';
import { type Fix, type MeasurementInput, type SurveyForm } from './records';
import {
  SurveyError,
  addMeasurement,
  clearSurvey,
  createSurvey,
  deleteMeasurement,
  listSurveys,
  loadSurvey,
  restoreLocalCopies,
  updateMeasurement,
  updateSurvey,
  type SavedMeasurement,
} from './surveyService';

/** The measurements read with the survey: the newest, shown first. */
export const FIRST_PAGE = 50;

export interface SurveyWorkspace {
  status: 'loading' | 'ready' | 'failed';
  active: Survey | null;
  /** How many measurements the active survey has. */
  count: number;
  /** Its newest measurements (at most FIRST_PAGE), newest first. */
  newest: readonly Measurement[];
  /** The POI number after the survey's highest (POI numbers auto-increment). */
  nextPoiNumber: number;
  /** Changes whenever the active survey's measurements may have changed. */
  version: number;
  /** A page of the active survey's measurements, newest first. */
  page: (offset: number, limit: number) => Promise<Measurement[]>;
  lastAutoSaved: string | null;
  create: (form: SurveyForm, fix: Fix) => Promise<Survey>;
  load: (id: string) => Promise<void>;
  clear: () => Promise<void>;
  add: (input: MeasurementInput, fix: Fix) => Promise<SavedMeasurement>;
  update: (measurement: Measurement) => Promise<void>;
  remove: (measurement: Measurement) => Promise<void>;
  listSurveys: () => Promise<Survey[]>;
  /** Saves the active survey's recording options (the vehicle trace and alert log switches) and its load profile. */
  setOptions: (options: Partial<Pick<Survey, 'enableVehicleTrace' | 'enableAlertLog' | 'loadProfile'>>) => Promise<void>;
}

const SurveyContext = createContext<SurveyWorkspace | null>(null);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Summary {
  active: Survey | null;
  count: number;
  newest: readonly Measurement[];
  highestPoi: number;
}

const EMPTY: Summary = { active: null, count: 0, newest: [], highestPoi: 0 };

/** What the workspace shows of the active survey (one read of the store when it can). */
async function summariseActive(): Promise<Summary> {
  const { survey, count, newest, highestPoi } = await stores.surveys.activeOverview(FIRST_PAGE);
  return survey ? { active: survey, count, newest, highestPoi } : EMPTY;
}

/** What the workspace shows of a survey: its count, newest page and highest POI number. */
async function summarise(survey: Survey | null): Promise<Summary> {
  if (!survey) return EMPTY;
  const [count, newest, highestPoi] = await Promise.all([
    stores.measurements.count(survey.id),
    stores.measurements.page(survey.id, 0, FIRST_PAGE),
    stores.measurements.highestPoiNumber(survey.id),
  ]);
  return { active: survey, count, newest, highestPoi };
}

/** Whether a change to `store` can change what the workspace shows of the active survey. */
const showsFrom = (store: string) => store === 'measurements' || store === 'surveys' || store === '*';

interface PrimedRead {
  read: Promise<Summary>;
  /** The overview once read (null until then, or when the read failed). */
  value: Summary | null;
  /** A write landed after the read began: what it read may be out of date. */
  stale: boolean;
  stopWatching: () => void;
}

let primed: PrimedRead | null = null;

/**
 * Opens the store and reads the active survey's overview. main.tsx calls it before the first
 * render, so the read runs while the page's code loads; a provider mounting after it has
 * finished starts with the overview in its first render instead of an empty one and a
 * second render. The provider takes the read once; one mounted later reads afresh.
 */
export function primeSurvey(): Promise<Summary> {
  if (!primed) {
    // For `npm run bench -- survey-scale`: when the workspace starts reading.
    performance.mark('clearway:workspace-start');
    const entry: PrimedRead = { read: startStorage().then(summariseActive), value: null, stale: false, stopWatching: () => undefined };
    entry.stopWatching = subscribeChanges((change) => {
      if (showsFrom(change.store)) entry.stale = true;
    });
    entry.read.then(
      (value) => {
        entry.value = value;
      },
      () => undefined,
    );
    primed = entry;
  }
  return primed.read;
}

/** The primed read (started now if nobody did). Pure enough for a state initialiser: called twice, it gives the same read. */
function primedRead(): PrimedRead {
  void primeSurvey();
  return primed as PrimedRead;
}

/**
 * Tells the surveyor what the startup's safety nets did: nothing when nothing was missing;
 * when Chromium discarded its database (a backing store it judged corrupt after a crash),
 * plainly what came back and what did not.
 */
function reportRestore(restored: number, browserLoss: string | null): void {
  const records = `${restored} recent record${restored === 1 ? '' : 's'}`;
  if (browserLoss !== null) {
    toast({
      title: 'The browser lost its local database after a crash',
      description: `${restored > 0 ? `${records} put back from this device's safety copy.` : 'This device had no safety copy to put back.'} Older records are only in your exports and, once synced, in the cloud. (${browserLoss})`,
      variant: 'destructive',
    });
  } else if (restored > 0) {
    toast({ title: `${records} put back from this device's safety copy`, description: 'The local database had lost them.' });
  }
}

export function SurveyProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  // The read main.tsx started, and what it had read by the first render (null if not done
  // yet: then the startup effect shows it). The startup effect takes it, so a provider
  // mounted later reads afresh.
  const [{ first, initial }] = useState(() => {
    const read = primedRead();
    return { first: read, initial: read.value };
  });
  const [status, setStatus] = useState<SurveyWorkspace['status']>(initial ? 'ready' : 'loading');
  const [summary, setSummary] = useState<Summary>(initial ?? EMPTY);
  const [version, setVersion] = useState(0);
  const [lastAutoSaved, setLastAutoSaved] = useState<string | null>(initial?.active?.lastAutoSaved ?? null);
  const activeRef = useRef<Survey | null>(initial?.active ?? null);

  const show = useCallback((next: Summary) => {
    activeRef.current = next.active;
    setSummary(next);
    setLastAutoSaved(next.active?.lastAutoSaved ?? null);
    setVersion((v) => v + 1);
  }, []);

  // Reads the active survey again: one read at a time; a write landing meanwhile makes it
  // start over, so a read that began before a write never hides it.
  const reading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });
  const refresh = useCallback(async () => {
    const state = reading.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    try {
      do {
        state.again = false;
        const next = await summariseActive();
        if (!state.again) show(next);
      } while (state.again);
    } finally {
      state.busy = false;
    }
  }, [show]);

  // At startup: open the store, put back what only local copies hold, restore the active survey.
  useEffect(() => {
    let live = true;
    if (primed === first) primed = null;
    void (async () => {
      try {
        const next = await first.read;
        // By now the provider's own watch (the effect below) is on: the read's can stop.
        first.stopWatching();
        if (!live) return;
        if (!initial) {
          show(next);
          setStatus('ready');
        }
        // A write that landed after the read began, before this provider watched changes.
        if (first.stale) void refresh().catch((error: unknown) => console.warn('Survey workspace: refresh failed:', error));
        // Then the safety nets: what only local copies hold goes back (a write raises the
        // change signal, which refreshes what shows).
        // A store that takes no write (the storage notices say so) leaves them for next time:
        // that is not a survey failing to load.
        const restored = await restoreLocalCopies().catch((error: unknown) => {
          console.warn('Survey workspace: local copies not put back yet:', error);
          return 0;
        });
        reportRestore(restored, takeBrowserDataLoss());
      } catch (error) {
        console.error('Survey workspace: start failed:', error);
        if (live) setStatus('failed');
        toast({ title: 'Failed to load survey', description: message(error), variant: 'destructive' });
      }
    })();
    return () => {
      live = false;
      first.stopWatching();
    };
  }, [first, initial, show, refresh]);

  // Any write to surveys or measurements (this tab, another tab, or a recovery from
  // emergency storage) refreshes what the workspace shows.
  useEffect(
    () =>
      subscribeChanges((change) => {
        if (showsFrom(change.store)) {
          refresh().catch((error: unknown) => console.warn('Survey workspace: refresh failed:', error));
        }
      }),
    [refresh],
  );

  // Auto-save: 5 s after creation (`createdHere`), then every N minutes, while enabled.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const { autoSave, autoSaveImages, autoSaveIntervalMinutes } = settings.logging;
  const activeId = summary.active?.id ?? null;
  useEffect(() => {
    if (!autoSave || !activeId) return;
    const run = () => {
      const survey = activeRef.current;
      if (!survey || survey.id !== activeId) return;
      runAutosave(survey, { includeImages: autoSaveImages }).then(
        (result) => {
          setLastAutoSaved(result.savedAt);
          if (activeRef.current?.id === result.survey.id) activeRef.current = { ...activeRef.current, lastAutoSaved: result.savedAt };
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
      show({ active: created.survey, count: 1, newest: [created.start], highestPoi: created.start.poiNumber ?? 0 });
      return created.survey;
    },
    [show],
  );

  const load = useCallback(
    async (id: string) => {
      try {
        show(await summarise(await loadSurvey(id)));
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
    show(EMPTY);
  }, [show]);

  // Writes raise the change signal, which refreshes the workspace (above).
  const add = useCallback((input: MeasurementInput, fix: Fix) => addMeasurement(activeRef.current, input, fix), []);

  const update = useCallback(async (measurement: Measurement) => {
    const outcome = await updateMeasurement(measurement);
    if (outcome.savedIn === 'local') toast({ title: outcome.message, variant: 'destructive' });
  }, []);

  const remove = useCallback((measurement: Measurement) => deleteMeasurement(measurement), []);

  const setOptions = useCallback(
    async (options: Partial<Pick<Survey, 'enableVehicleTrace' | 'enableAlertLog' | 'loadProfile'>>) => {
      const survey = activeRef.current;
      if (!survey) throw new SurveyError('no-active-survey', 'No active survey');
      const next = { ...survey, ...options };
      const outcome = await updateSurvey(next);
      if (outcome.savedIn === 'local') toast({ title: outcome.message, variant: 'destructive' });
      // The change signal refreshes the summary too; showing it now keeps the switch in step.
      if (activeRef.current?.id === next.id) show({ ...summary, active: next });
    },
    [show, summary],
  );

  const page = useCallback(async (offset: number, limit: number) => {
    const survey = activeRef.current;
    return survey ? stores.measurements.page(survey.id, offset, limit) : [];
  }, []);

  const value = useMemo(
    () => ({
      status,
      active: summary.active,
      count: summary.count,
      newest: summary.newest,
      nextPoiNumber: summary.highestPoi + 1,
      version,
      page,
      lastAutoSaved,
      create,
      load,
      clear,
      add,
      update,
      remove,
      listSurveys,
      setOptions,
    }),
    [status, summary, version, page, lastAutoSaved, create, load, clear, add, update, remove, setOptions],
  );
  return <SurveyContext.Provider value={value}>{children}</SurveyContext.Provider>;
}

export function useSurvey(): SurveyWorkspace {
  const workspace = useContext(SurveyContext);
  if (!workspace) throw new Error('useSurvey needs a <SurveyProvider> above it');
  return workspace;
}
