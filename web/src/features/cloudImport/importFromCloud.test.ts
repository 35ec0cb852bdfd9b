// The import's flow over the real local store (fake-indexeddb): the SPEC's toasts, sign-in
// and connection required, reads through the query cache, surveys stored inactive and
// synced, and a second import duplicates nothing. The cloud here is an in-memory
// `queryOwned` with the semantics of the client's (owner filter, one field filter); the
// real Firestore is exercised by tests/e2e/cloud-import.spec.ts.
import { describe, expect, it } from 'vitest';
import type { CloudClient, CloudUser, DocData } from '../../services/firebase';
import { stores } from '../../services/storage';
import type { ToastOptions } from '../../ui/toast';
import { withFreshStore } from '../../testing/freshStore';
import { createQueryClient } from '../account';
import { importFromCloud, IMPORT_MESSAGES, type ImportDeps } from './importFromCloud';

withFreshStore();

const user: CloudUser = { uid: 'u1', email: 'sam@example.com', emailVerified: true, displayName: null, isAdmin: false };

function cloudOf(docs: Record<string, DocData[]>, fail?: Error) {
  const calls: string[] = [];
  const client = {
    async queryOwned(collection: string, ownerId: string, field?: string, value?: string) {
      calls.push(`${collection}${field ? `:${value}` : ''}`);
      if (fail) throw fail;
      return (docs[collection] ?? []).filter((d) => d.ownerId === ownerId && (!field || d[field] === value));
    },
  } as unknown as CloudClient;
  return { client, calls };
}

function deps(client: CloudClient, extra: Partial<ImportDeps> = {}) {
  const toasts: ToastOptions[] = [];
  const d: ImportDeps = {
    online: () => true,
    signedIn: () => Promise.resolve({ user, client }),
    queryClient: createQueryClient(),
    notify: (t) => toasts.push(t),
    ...extra,
  };
  return { d, toasts };
}

const CLOUD = {
  surveys: [
    { id: 's1', ownerId: 'u1', surveyTitle: 'A7 bridges', surveyorName: 'Sam', clientName: 'Roads', active: true, cloudUploadStatus: 'synced' },
    { id: 'other', ownerId: 'u2', surveyTitle: 'Not mine' },
  ],
  measurements: [
    { id: 'm1', user_id: 's1', ownerId: 'u1', rel: 4.2, poi_type: 'bridge', source: 'manual' },
    { id: 'm2', user_id: 's1', ownerId: 'u1', rel: 5.0, poi_type: 'wire', source: 'manual' },
  ],
  pois: [
    { id: 'm2', surveyId: 's1', ownerId: 'u1', height: 1 },
    { id: 'p1', surveyId: 's1', ownerId: 'u1', height: 3.3, poiType: 'tree' },
  ],
};

describe('importFromCloud', () => {
  it('needs a connection: the SPEC toast, nothing read', async () => {
    const { client, calls } = cloudOf(CLOUD);
    const { d, toasts } = deps(client, { online: () => false });
    expect(await importFromCloud(d)).toEqual({ kind: 'auth-required' });
    expect(toasts).toEqual([{ title: 'Authentication required', description: 'Please sign in to import surveys from the cloud', variant: 'destructive' }]);
    expect(calls).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const { client } = cloudOf(CLOUD);
    const { d, toasts } = deps(client, { signedIn: () => Promise.resolve(null) });
    expect((await importFromCloud(d)).kind).toBe('auth-required');
    expect(toasts.map((t) => t.title)).toEqual(['Authentication required']);
  });

  it('says so when the cloud holds no survey of the user', async () => {
    const { client } = cloudOf({ surveys: [{ id: 'x', ownerId: 'u2' }] });
    const { d, toasts } = deps(client);
    expect((await importFromCloud(d)).kind).toBe('none');
    expect(toasts.map((t) => t.title)).toEqual(['Importing surveys from cloud...', 'No surveys found in the cloud']);
  });

  it('stores the user’s surveys inactive and synced with their measurements and POIs, once', async () => {
    const { client, calls } = cloudOf(CLOUD);
    const { d, toasts } = deps(client);
    const outcome = await importFromCloud(d);
    expect(outcome.kind).toBe('imported');
    expect(toasts.map((t) => [t.title, t.description])).toEqual([
      ['Importing surveys from cloud...', undefined],
      ['Import completed successfully', '1 new survey and 3 new POIs imported.'],
    ]);
    expect(calls.sort()).toEqual(['measurements:s1', 'pois:s1', 'surveys']);
    const survey = await stores.surveys.get('s1');
    expect(survey).toMatchObject({ surveyTitle: 'A7 bridges', active: false, cloudUploadStatus: 'synced' });
    expect(await stores.surveys.get('other')).toBeUndefined();
    const local = await stores.measurements.all('s1');
    expect(local.map((m) => [m.id, m.rel, m.poi_type]).sort()).toEqual([
      ['m1', 4.2, 'bridge'],
      ['m2', 5.0, 'wire'],
      ['p1', 3.3, 'tree'],
    ]);

    // Again (a new cache, as after a reload): nothing new, nothing doubled, children not re-read.
    const again = cloudOf(CLOUD);
    const second = deps(again.client);
    await importFromCloud(second.d);
    expect(second.toasts[1]).toMatchObject({ title: IMPORT_MESSAGES.done, description: '0 new surveys and 0 new POIs imported.' });
    expect(again.calls).toEqual(['surveys']);
    expect(await stores.measurements.count('s1')).toBe(3);
  });

  it('a failed read: the SPEC toast and nothing stored', async () => {
    const { client } = cloudOf(CLOUD, Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }));
    const { d, toasts } = deps(client);
    d.queryClient.setDefaultOptions({ queries: { retry: 0 } });
    expect((await importFromCloud(d)).kind).toBe('failed');
    expect(toasts[1]).toMatchObject({ title: 'Failed to import surveys', variant: 'destructive' });
    expect(await stores.surveys.list()).toEqual([]);
  });
});
