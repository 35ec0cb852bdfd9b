// Sync case (issue 13 point 14): 10,000 measurements through the app's outbox to the real
// Firestore emulator, side by side with a bare loop of 450-write batches of the same
// documents (the same Firebase SDK, bundled for the page, in the same Chromium, as the same
// approved user under the same rules). ratio = peer time / our time (>= 0.8: the outbox's
// bookkeeping costs at most a quarter); same_result: both sides left the same documents;
// longest_task_ms: the page's longest main-thread task while ours ran (target <= 50 ms);
// peer_longest_task_ms: the same while the bare loop ran.
// The 10,000 records and their outbox entries are written straight into IndexedDB first, as
// the app's save path queues them (outboxQueue.ts): the upload is what is measured.
// Both paths warm the emulator first (2,000 documents each, then an empty database again):
// its JVM compiles each path on first use, and whichever side ran first paid for it (the
// first three commits of a cold run took 2.4-2.9 s, later ones 1.1-1.3 s).
// A measurement, never a test.   node scripts/bench.mjs sync-10k
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { startEmulators, PROJECT_ID } from '../emulators.mjs';
import { openAppWithSurvey } from './browser.mjs';

const N = 10_000;
const WARM_UP = 2_000;
const PORTS = { auth: 9470, firestore: 8470 };
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };
const docsUrl = `http://127.0.0.1:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-pass-42';

async function approvedUser() {
  const signUp = await fetch(`http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, returnSecureToken: true }),
  });
  const { localId: uid } = await signUp.json();
  await fetch(`http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  await putDoc('accounts', uid, { authUid: { stringValue: uid }, email: { stringValue: EMAIL }, status: { stringValue: 'approved' } });
  return uid;
}

async function putDoc(collection, id, fields) {
  const res = await fetch(`${docsUrl}/${collection}/${id}`, { method: 'PATCH', headers: OWNER, body: JSON.stringify({ fields }) });
  if (!res.ok) throw new Error(`${collection}/${id}: ${res.status}`);
}

async function listDocs(collection) {
  const out = new Map();
  let token = '';
  do {
    const res = await fetch(`${docsUrl}/${collection}?pageSize=1000${token ? `&pageToken=${token}` : ''}`, { headers: OWNER });
    const body = await res.json();
    for (const d of body.documents ?? []) out.set(d.name.split('/').pop(), d.fields);
    token = body.nextPageToken ?? '';
  } while (token);
  return out;
}

/** A REST value as plain JSON (the fields these documents use). */
function plain(v) {
  if ('stringValue' in v) return v.stringValue;
  if ('doubleValue' in v) return v.doubleValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('booleanValue' in v) return v.booleanValue;
  if ('nullValue' in v) return null;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(plain);
  if ('mapValue' in v) return Object.fromEntries(Object.entries(v.mapValue.fields ?? {}).map(([k, x]) => [k, plain(x)]));
  throw new Error(`unexpected value ${JSON.stringify(v)}`);
}
const plainDoc = (fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, plain(v)]));

/** Runs in the page before any script. */
function instrument(ports) {
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
  localStorage.setItem('firebase_emulators', JSON.stringify({ auth: `127.0.0.1:${ports.auth}`, firestore: `127.0.0.1:${ports.firestore}` }));
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Runs in the page: N measurements of the survey and their outbox entries, as the app queues them. */
async function seed({ count, surveyTitle, prefix }) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const surveys = await new Promise((resolve) => {
    const request = db.transaction('surveys').objectStore('surveys').getAll();
    request.onsuccess = () => resolve(request.result);
  });
  const survey = surveys.find((s) => s.surveyTitle === surveyTitle);
  const start = Date.parse('2026-06-01T08:00:00Z');
  for (let done = 0; done < count; ) {
    const tx = db.transaction(['measurements', 'outbox'], 'readwrite');
    for (const end = Math.min(count, done + 2000); done < end; done += 1) {
      const at = new Date(start + done * 3000).toISOString();
      const id = `${prefix}-${String(done).padStart(6, '0')}`;
      tx.objectStore('measurements').put({
        id, user_id: survey.id, rel: 4 + (done % 300) / 100, latitude: 45.5 + done * 1e-5, longitude: -73.56 - done * 1e-5,
        utcDate: at.slice(0, 10), utcTime: at.slice(11, 19), speed: 30 + (done % 50), heading: done % 360,
        roadNumber: String(1 + Math.floor(done / 5000)), poiNumber: done + 2, poi_type: 'bridge', note: done % 7 === 0 ? 'low, check again' : '',
        source: 'manual', createdAt: at, cloudUploadStatus: null,
      });
      tx.objectStore('outbox').put({ store: 'measurements', id, op: 'put', surveyId: survey.id, rev: `seed-${done}`, queuedAt: Date.now() });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
  return survey.id;
}

/** Runs in the page: removes the warm-up measurements from the local database (not a change to sync). */
async function forgetWarmUp(prefix) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tx = db.transaction('measurements', 'readwrite');
  tx.objectStore('measurements').delete(IDBKeyRange.bound(`${prefix}-`, `${prefix}-\uffff`));
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/** The peer's bundle: the same Firebase SDK as the app, as one script for the page. */
async function peerBundle() {
  const { build } = await import(join(root, 'node_modules', 'vite', 'dist', 'node', 'index.js'));
  const entry = join(root, 'scripts', 'bench', 'sync-peer.js');
  const out = await build({
    configFile: false,
    root: join(root, 'web'),
    logLevel: 'error',
    build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'syncPeer', fileName: () => 'peer.js' } },
  });
  const result = Array.isArray(out) ? out[0] : out;
  return result.output.find((o) => o.type === 'chunk').code;
}

export async function sync10kCase() {
  const emulators = await startEmulators({ ports: PORTS, logDir: join(root, 'target', 'bench', 'emulators') });
  let closeApp = async () => undefined;
  try {
    const uid = await approvedUser();
    const title = 'Sync bench';
    const { page, close } = await openAppWithSurvey(`(${instrument})(${JSON.stringify(PORTS)})`, title);
    closeApp = close;
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/welcome`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 120_000 });
    await page.goto(`${origin}/`);
    const status = page.getByRole('status', { name: 'Sync progress' });
    await status.filter({ hasText: /^1 of 1 synced$/ }).waitFor({ timeout: 300_000 });
    const survey = await listDocs('surveys');
    const before = await listDocs('measurements'); // the survey's start point
    /** An empty database again, with the account, the survey and its start point put back. */
    const resetCloud = async (surveyId) => {
      await fetch(`http://127.0.0.1:${PORTS.firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
      await putDoc('accounts', uid, { authUid: { stringValue: uid }, email: { stringValue: EMAIL }, status: { stringValue: 'approved' } });
      await putDoc('surveys', surveyId, survey.get(surveyId));
      for (const [id, fields] of before) await putDoc('measurements', id, fields);
    };
    /** Ours: 'Sync now' until every measurement (and the survey) is acknowledged. */
    const syncOurs = async (total) => {
      await page.getByRole('button', { name: 'Sync now' }).click({ timeout: 300_000 });
      await status.filter({ hasText: new RegExp(`^${total} of ${total} synced$`) }).waitFor({ timeout: 900_000 });
    };
    const runPeer = (docs, name) =>
      page.evaluate((options) => window.syncPeer.run(options), { docs, ports: PORTS, email: EMAIL, password: PASSWORD, name });
    const docsOf = (found) => [...found].map(([id, fields]) => ({ id, data: plainDoc(fields) }));
    await page.addScriptTag({ content: await peerBundle() });

    // The warm-up, both paths, nothing measured.
    const surveyId = await page.evaluate(seed, { count: WARM_UP, surveyTitle: title, prefix: 'warm' });
    await syncOurs(WARM_UP + 1);
    const warm = docsOf(await listDocs('measurements'));
    await resetCloud(surveyId);
    await runPeer(warm, 'bench-peer-warm-up');
    await resetCloud(surveyId);
    await page.evaluate(forgetWarmUp, 'warm');
    await page.evaluate(seed, { count: N, surveyTitle: title, prefix: 'bench' });

    // Ours.
    await page.evaluate(() => {
      window.__longest = 0;
    });
    const t0 = performance.now();
    await syncOurs(N + 1);
    const oursMs = performance.now() - t0;
    const longest = await page.evaluate(() => window.__longest);
    const ours = await listDocs('measurements');

    // The peer: an empty database again, then the same documents in a bare loop of 450-write
    // batches from the same page.
    await resetCloud(surveyId);
    await page.evaluate(() => {
      window.__longest = 0;
    });
    const peerMs = await runPeer(docsOf(ours), 'bench-peer');
    const peerLongest = await page.evaluate(() => window.__longest);
    const peer = await listDocs('measurements');
    const same = ours.size === N + 1 && peer.size === ours.size && [...ours].every(([id, fields]) => JSON.stringify(plainDoc(fields)) === JSON.stringify(plainDoc(peer.get(id) ?? {})));
    return [
      {
        name: 'sync-10k',
        ours: 'outbox → Firestore emulator',
        peer: 'bare loop of 450-write batches',
        ours_ms: Math.round(oursMs),
        peer_ms: Math.round(peerMs),
        ratio: Number((peerMs / oursMs).toFixed(3)),
        documents: ours.size,
        same_result: same,
        longest_task_ms: Math.round(longest),
        // The same page's longest task while the bare loop ran (the SDK's own cost per batch).
        peer_longest_task_ms: Math.round(peerLongest),
      },
    ];
  } finally {
    await closeApp();
    await emulators.stop();
  }
}
