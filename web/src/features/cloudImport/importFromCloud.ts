// 'Import from cloud' (SPEC §4 "Surveys imported from the cloud arrive inactive, with status
// synced", §5 "Cloud import", §7 the surveys/pois/measurements queries, §8 the survey toasts).
// Reads the signed-in user's surveys (`ownerId`), and for each survey not yet on this device
// its `pois` and the `measurements` this app uploaded (survey id in `user_id`), through the
// query cache; writes each new survey with its new measurements in one local transaction,
// marked as coming from the cloud so the outbox does not send them back.
import type { QueryClient } from '@tanstack/react-query';
import type { CloudClient, CloudUser } from '../../services/firebase';
import { stores } from '../../services/storage';
import { saveRecords, type PutOp } from '../../services/storage/storageService';
import { toast, type ToastOptions } from '../../ui/toast';
import { getSession, queryClient as appQueryClient, startSession } from '../account';
import { importSummary, planImport, type CloudDoc, type CloudSurvey, type ImportPlan } from './mapping';

/** SPEC §5 and §8, word for word. */
export const IMPORT_MESSAGES = {
  authTitle: 'Authentication required',
  authDescription: 'Please sign in to import surveys from the cloud',
  importing: 'Importing surveys from cloud...',
  none: 'No surveys found in the cloud',
  done: 'Import completed successfully',
  failed: 'Failed to import surveys',
} as const;

export type ImportOutcome =
  | { kind: 'auth-required' }
  | { kind: 'none' }
  | { kind: 'imported'; plan: ImportPlan }
  | { kind: 'failed'; error: unknown };

/** What the import needs from the app (the real ones by default; tests give their own). */
export interface ImportDeps {
  online: () => boolean;
  /** The signed-in user with the cloud client, or null when nobody is signed in. */
  signedIn: () => Promise<{ user: CloudUser; client: CloudClient } | null>;
  queryClient: QueryClient;
  notify: (options: ToastOptions) => void;
}

async function appSignedIn(): Promise<{ user: CloudUser; client: CloudClient } | null> {
  const session = getSession();
  if (session.state === 'signed-out' || session.state === 'unavailable') return null;
  const client = await startSession();
  if (session.state === 'signed-in') return { user: session.user, client };
  // A remembered user still being restored: ask the SDK once it knows.
  const user = await client.refreshUser();
  return user ? { user, client } : null;
}

const defaultDeps = (): ImportDeps => ({
  online: () => navigator.onLine,
  signedIn: appSignedIn,
  queryClient: appQueryClient,
  notify: (options) => {
    toast(options);
  },
});

/** The query keys of the import's cloud reads (per user, so a sign-out's clear drops them). */
export const importKeys = {
  surveys: (uid: string) => ['cloudImport', uid, 'surveys'] as const,
  children: (uid: string, collection: 'pois' | 'measurements', surveyId: string) => ['cloudImport', uid, collection, surveyId] as const,
};

async function readCloud(
  deps: ImportDeps,
  client: CloudClient,
  uid: string,
  localSurveyIds: ReadonlySet<string>,
): Promise<{ total: number; fresh: CloudSurvey[] }> {
  // Through the cache with SPEC §9's retry; `staleTime: 0` because pressing 'Import from
  // cloud' asks for what the cloud holds now (a survey synced a minute ago on another device).
  const read = (queryKey: readonly unknown[], queryFn: () => Promise<Record<string, unknown>[]>) =>
    deps.queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 }) as Promise<CloudDoc[]>;
  const surveys = await read(importKeys.surveys(uid), () => client.queryOwned('surveys', uid));
  const wanted = surveys.filter((s) => !localSurveyIds.has(s.id));
  const fresh = await Promise.all(
    wanted.map(async (survey) => {
      const [pois, measurements] = await Promise.all([
        read(importKeys.children(uid, 'pois', survey.id), () => client.queryOwned('pois', uid, 'surveyId', survey.id)),
        read(importKeys.children(uid, 'measurements', survey.id), () => client.queryOwned('measurements', uid, 'user_id', survey.id)),
      ]);
      return { survey, pois, measurements };
    }),
  );
  return { total: surveys.length, fresh };
}

/** Which of `ids` the device already holds as measurements. */
async function localMeasurementIds(ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(ids.map(async (id) => ((await stores.measurements.get(id)) ? id : null)));
  return new Set(found.filter((id): id is string => id !== null));
}

/** Writes each new survey with its measurements in one transaction: a survey arrives whole. */
async function writePlan(plan: ImportPlan): Promise<void> {
  for (const { survey, measurements } of plan.surveys) {
    // `fromCloud`: stored as it is and not queued for upload (the outbox's WriteOp field).
    const ops = [
      { kind: 'put', store: 'surveys', item: survey, fromCloud: true } as PutOp,
      ...measurements.map((item) => ({ kind: 'put', store: 'measurements', item, fromCloud: true }) as PutOp),
    ];
    await saveRecords(ops);
  }
}

/** Runs the import with its toasts; resolves to what happened (never throws). */
export async function importFromCloud(overrides: Partial<ImportDeps> = {}): Promise<ImportOutcome> {
  const deps = { ...defaultDeps(), ...overrides };
  const authRequired = (): ImportOutcome => {
    deps.notify({ title: IMPORT_MESSAGES.authTitle, description: IMPORT_MESSAGES.authDescription, variant: 'destructive' });
    return { kind: 'auth-required' };
  };
  if (!deps.online()) return authRequired();
  let who: Awaited<ReturnType<ImportDeps['signedIn']>>;
  try {
    who = await deps.signedIn();
  } catch {
    who = null; // the SDK could not load: nobody can be signed in
  }
  if (!who) return authRequired();

  deps.notify({ title: IMPORT_MESSAGES.importing });
  try {
    const localSurveys = new Set((await stores.surveys.list()).map((s) => s.id));
    const { total, fresh: cloud } = await readCloud(deps, who.client, who.user.uid, localSurveys);
    if (total === 0) {
      deps.notify({ title: IMPORT_MESSAGES.none });
      return { kind: 'none' };
    }
    const candidateIds = cloud.flatMap((c) => [...c.measurements, ...c.pois].map((d) => d.id));
    const plan = planImport(cloud, localSurveys, await localMeasurementIds(candidateIds));
    await writePlan(plan);
    deps.notify({ title: IMPORT_MESSAGES.done, description: importSummary(plan) });
    return { kind: 'imported', plan };
  } catch (error) {
    console.warn('Import from cloud failed:', error);
    deps.notify({ title: IMPORT_MESSAGES.failed, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    return { kind: 'failed', error };
  }
}
