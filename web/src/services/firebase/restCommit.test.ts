// The REST commit's request (Firestore REST v1 `documents:commit`: Write, Value, DocumentMask)
// and its failures in the SDK's code names. The real emulator takes these requests in
// tests/e2e/sync.spec.ts and cloud-roundtrip.spec.ts; here, each rule of the encoding.
import { describe, expect, it, vi } from 'vitest';
import type { FirebaseTarget } from './config';
import { CloudCommitError, commitBody, commitOverRest, commitUrl, mergeFieldPaths, toRestValue } from './restCommit';

const EMULATOR: FirebaseTarget = {
  kind: 'emulator',
  config: { apiKey: 'k', projectId: 'demo-x' },
  auth: 'http://127.0.0.1:9099',
  firestore: { host: '127.0.0.1', port: 8080 },
};
const PROJECT: FirebaseTarget = { kind: 'project', config: { apiKey: 'k', projectId: 'real-1' } };

describe('toRestValue', () => {
  it('stores whole numbers as integers and the rest as doubles, as the SDK does', () => {
    expect(toRestValue(42)).toEqual({ integerValue: '42' });
    expect(toRestValue(-7)).toEqual({ integerValue: '-7' });
    expect(toRestValue(4.25)).toEqual({ doubleValue: 4.25 });
    expect(toRestValue(-0)).toEqual({ doubleValue: -0 });
    expect(toRestValue(2 ** 60)).toEqual({ doubleValue: 2 ** 60 });
    expect(toRestValue(Number.NaN)).toEqual({ doubleValue: 'NaN' });
    expect(toRestValue(-Infinity)).toEqual({ doubleValue: '-Infinity' });
  });

  it('encodes strings, booleans, null, dates, arrays and maps; leaves undefined fields out', () => {
    expect(toRestValue('A20')).toEqual({ stringValue: 'A20' });
    expect(toRestValue(false)).toEqual({ booleanValue: false });
    expect(toRestValue(null)).toEqual({ nullValue: null });
    expect(toRestValue(new Date(Date.UTC(2026, 10, 24, 8, 30)))).toEqual({ timestampValue: '2026-11-24T08:30:00.000Z' });
    expect(toRestValue([1, 'a', { b: true }])).toEqual({
      arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }, { mapValue: { fields: { b: { booleanValue: true } } } }] },
    });
    expect(toRestValue({ lanes: { left: 4.5, note: undefined } })).toEqual({
      mapValue: { fields: { lanes: { mapValue: { fields: { left: { doubleValue: 4.5 } } } } } },
    });
  });

  it('refuses what Firestore cannot store, naming the field', () => {
    expect(() => toRestValue({ grid: [[1]] })).toThrow(/grid\[0\]: .*array inside an array/);
    expect(() => toRestValue({ when: new Date('nope') })).toThrow(/when: an invalid date/);
    expect(() => toRestValue({ blob: new Map() })).toThrow(/blob: Firestore cannot store/);
    expect(() => toRestValue({ n: 10n })).toThrow(/n: .*bigint/);
  });
});

describe('mergeFieldPaths', () => {
  it('lists leaf paths, quoting names that are not plain identifiers', () => {
    expect(mergeFieldPaths({ id: 's1', counts: { synced: 3, 'all-of-them': 4 }, empty: {}, 'a`b': 1, list: [1] })).toEqual([
      'id',
      'counts.synced',
      'counts.`all-of-them`',
      'empty',
      '`a\\`b`',
      'list',
    ]);
  });
});

describe('commitBody', () => {
  it('makes a replace for a set, a masked update for a merge and a delete for null data', () => {
    const body = commitBody('demo-x', [
      { collection: 'measurements', id: 'm1', data: { rel: 4.25, poiNumber: 3 } },
      { collection: 'surveys', id: 's1', merge: true, data: { measurementsSynced: 10 } },
      { collection: 'measurements', id: 'm2', data: null },
    ]);
    const root = 'projects/demo-x/databases/(default)/documents';
    expect(body.writes).toEqual([
      { update: { name: `${root}/measurements/m1`, fields: { rel: { doubleValue: 4.25 }, poiNumber: { integerValue: '3' } } } },
      { update: { name: `${root}/surveys/s1`, fields: { measurementsSynced: { integerValue: '10' } } }, updateMask: { fieldPaths: ['measurementsSynced'] } },
      { delete: `${root}/measurements/m2` },
    ]);
  });

  it('refuses an id that would address another document', () => {
    expect(() => commitBody('demo-x', [{ collection: 'measurements', id: 'a/b', data: {} }])).toThrow(/cannot be empty or contain '\/'/);
    expect(() => commitBody('demo-x', [{ collection: 'measurements', id: '', data: {} }])).toThrow(/cannot be empty/);
  });
});

describe('commitOverRest', () => {
  it('posts the body to the emulator or to Google with the user token', async () => {
    const fetchFn = vi.fn(async () => new Response('{}', { status: 200 }));
    await commitOverRest(EMULATOR, 'tok', [{ collection: 'measurements', id: 'm1', data: { rel: 1 } }], fetchFn);
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8080/v1/projects/demo-x/databases/(default)/documents:commit');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(String(init.body)).writes).toHaveLength(1);
    expect(commitUrl(PROJECT)).toBe('https://firestore.googleapis.com/v1/projects/real-1/databases/(default)/documents:commit');
  });

  it('turns the server refusal into the SDK code the sync engine explains', async () => {
    const refused = () => new Response(JSON.stringify({ error: { code: 403, status: 'PERMISSION_DENIED', message: 'Missing or insufficient permissions.' } }), { status: 403 });
    const error = await commitOverRest(EMULATOR, 'tok', [], vi.fn(async () => refused())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudCommitError);
    expect(error).toMatchObject({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
    const busy = await commitOverRest(EMULATOR, 'tok', [], vi.fn(async () => new Response('overloaded', { status: 503 }))).catch((e: unknown) => e);
    expect(busy).toMatchObject({ code: 'unavailable' });
  });

  it('a dead network is "unavailable"; a server that never answers is "deadline-exceeded"', async () => {
    const offline = await commitOverRest(EMULATOR, 'tok', [], vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))).catch((e: unknown) => e);
    expect(offline).toMatchObject({ code: 'unavailable' });
    const hang = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const late = await commitOverRest(EMULATOR, 'tok', [], hang, 20).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'deadline-exceeded' });
  });
});
