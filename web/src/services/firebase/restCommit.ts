// The sync outbox's batches go to Firestore through its REST `commit` method (issue 13 point
// 14), not through the SDK's WriteBatch. Both are one atomic commit of up to 500 writes,
// checked by the same security rules with the same signed-in user's ID token. The SDK also
// applies each write to its own in-memory cache and, on the acknowledgement, to its local
// views: for a batch of 450 measurements that is 200 to 450 ms of the page's main thread
// (measured: `npm run bench -- sync-10k`, the peer's longest task), a frozen workspace for
// every batch. The device's IndexedDB store is the source of truth here and nothing listens
// to these documents through the SDK, so that cache buys nothing: a commit is now a JSON body
// and one request. Reads, listeners and auth stay on the SDK (client.ts).
// Documents are encoded as the SDK encodes them (integers as integerValue, other numbers as
// doubleValue, Dates as timestampValue), so the cloud holds the same documents either way.
import type { FirebaseTarget } from './config';
import type { CloudWrite } from './types';

/** A Firestore REST value (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | 'NaN' | 'Infinity' | '-Infinity' }
  | { timestampValue: string }
  | { stringValue: string }
  | { arrayValue: { values: RestValue[] } }
  | { mapValue: { fields: Record<string, RestValue> } };

export type RestWrite = { update: { name: string; fields: Record<string, RestValue> }; updateMask?: { fieldPaths: string[] } } | { delete: string };

/** How long one commit may take before it counts as failed (the engine retries it). */
export const COMMIT_TIMEOUT_MS = 120_000;

/** An error with the SDK's code names ('permission-denied', 'unavailable'...), which the sync engine reads. */
export class CloudCommitError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CloudCommitError';
  }
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A JS value as Firestore stores it, as the SDK encodes it. Fields whose value is undefined
 * are left out; what Firestore cannot store (nested arrays, functions, class instances other
 * than Date) throws, naming the field.
 */
export function toRestValue(value: unknown, path = 'value'): RestValue {
  if (value === null) return { nullValue: null };
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value };
    case 'string':
      return { stringValue: value };
    case 'number':
      if (Number.isSafeInteger(value) && !Object.is(value, -0)) return { integerValue: String(value) };
      if (Number.isNaN(value)) return { doubleValue: 'NaN' };
      if (!Number.isFinite(value)) return { doubleValue: value > 0 ? 'Infinity' : '-Infinity' };
      return { doubleValue: value };
    case 'object': {
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new TypeError(`${path}: an invalid date cannot be stored`);
        return { timestampValue: value.toISOString() };
      }
      if (Array.isArray(value)) {
        return {
          arrayValue: {
            values: value.map((item, i) => {
              if (Array.isArray(item)) throw new TypeError(`${path}[${i}]: Firestore cannot store an array inside an array`);
              return toRestValue(item === undefined ? null : item, `${path}[${i}]`);
            }),
          },
        };
      }
      if (isPlainObject(value)) return { mapValue: { fields: toRestFields(value, path) } };
      throw new TypeError(`${path}: Firestore cannot store this value (${Object.prototype.toString.call(value)})`);
    }
    default:
      throw new TypeError(`${path}: Firestore cannot store a value of type ${typeof value}`);
  }
}

function toRestFields(data: Record<string, unknown>, path: string): Record<string, RestValue> {
  const fields: Record<string, RestValue> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined) fields[key] = toRestValue(value, path === '' ? key : `${path}.${key}`);
  }
  return fields;
}

/** One segment of a field path, quoted with backticks unless it is a plain identifier. */
function segment(name: string): string {
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(name) ? name : `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** The leaf field paths of a merge (a nested map merges field by field; an empty map is a leaf), as the SDK's set with merge. */
export function mergeFieldPaths(data: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const path = prefix === '' ? segment(key) : `${prefix}.${segment(key)}`;
    if (value !== null && typeof value === 'object' && isPlainObject(value) && Object.keys(value).length > 0) {
      paths.push(...mergeFieldPaths(value, path));
    } else {
      paths.push(path);
    }
  }
  return paths;
}

/** The `documents:commit` request body of a batch, for the project's default database. */
export function commitBody(projectId: string, writes: readonly CloudWrite[]): { writes: RestWrite[] } {
  const root = `projects/${projectId}/databases/(default)/documents`;
  return {
    writes: writes.map((w): RestWrite => {
      if (!w.id || w.id.includes('/')) throw new TypeError(`${w.collection}: a document id cannot be empty or contain '/' (${JSON.stringify(w.id)})`);
      const name = `${root}/${w.collection}/${w.id}`;
      if (w.data === null) return { delete: name };
      const update = { name, fields: toRestFields(w.data, '') };
      return w.merge ? { update, updateMask: { fieldPaths: mergeFieldPaths(w.data) } } : { update };
    }),
  };
}

/** Where the project's Firestore REST API is: the emulator's host, or Google's. */
export function commitUrl(target: FirebaseTarget): string {
  const base = target.kind === 'emulator' ? `http://${target.firestore.host}:${target.firestore.port}` : 'https://firestore.googleapis.com';
  return `${base}/v1/projects/${target.config.projectId}/databases/(default)/documents:commit`;
}

const CODE_OF_HTTP: Record<number, string> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  500: 'internal',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

/** Commits one batch; resolves once the server acknowledged every write in it, or throws a CloudCommitError. */
export async function commitOverRest(
  target: FirebaseTarget,
  idToken: string,
  writes: readonly CloudWrite[],
  fetchFn: typeof fetch = fetch,
  timeoutMs = COMMIT_TIMEOUT_MS,
): Promise<void> {
  const body = JSON.stringify(commitBody(target.config.projectId, writes));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchFn(commitUrl(target), {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body,
      signal: abort.signal,
    });
  } catch (error) {
    if (abort.signal.aborted) throw new CloudCommitError('deadline-exceeded', `The cloud did not answer within ${Math.round(timeoutMs / 1000)} s`);
    throw new CloudCommitError('unavailable', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return;
  let status = '';
  let message = `HTTP ${response.status}`;
  try {
    const parsed = (await response.json()) as { error?: { status?: unknown; message?: unknown } };
    if (typeof parsed.error?.status === 'string') status = parsed.error.status;
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // not JSON: the HTTP status says enough
  }
  const code = status ? status.toLowerCase().replace(/_/g, '-') : (CODE_OF_HTTP[response.status] ?? (response.status >= 500 ? 'unavailable' : 'unknown'));
  throw new CloudCommitError(code, message);
}
