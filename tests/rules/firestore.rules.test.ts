// The rules matrix: every collection × every account state, other users, administrators and
// malformed documents, each case an allow or a deny proved against the real emulator with
// firebase/firestore.rules (SPEC §4, §6, §7; issue 13 point 12).
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, inject, it } from 'vitest';

let env: RulesTestEnvironment;

/** Who acts: uid and token claims. */
const ACTORS = {
  alice: { uid: 'alice', email: 'alice@example.com', email_verified: true }, // approved
  bob: { uid: 'bob', email: 'bob@example.com', email_verified: true }, // approved, another user
  pat: { uid: 'pat', email: 'pat@example.com', email_verified: true }, // pending
  emma: { uid: 'emma', email: 'emma@example.com', email_verified: false }, // email_pending
  vera: { uid: 'vera', email: 'vera@example.com', email_verified: true }, // email_pending, verified now
  rex: { uid: 'rex', email: 'rex@example.com', email_verified: true }, // rejected
  nobody: { uid: 'nobody', email: 'nobody@example.com', email_verified: true }, // no account
  newbie: { uid: 'newbie', email: 'newbie@example.com', email_verified: false }, // registering
  unverified: { uid: 'unverified', email: 'u@example.com', email_verified: false }, // approved, e-mail unverified
  root: { uid: 'root', email: 'root@example.com', email_verified: true, admin: true }, // administrator
} as const;
type Actor = keyof typeof ACTORS | 'anonymous';

function db(actor: Actor): Firestore {
  if (actor === 'anonymous') return env.unauthenticatedContext().firestore() as unknown as Firestore;
  const { uid, ...claims } = ACTORS[actor];
  return env.authenticatedContext(uid, claims).firestore() as unknown as Firestore;
}

const account = (uid: string, status: string) => ({
  authUid: uid,
  email: `${uid}@example.com`,
  displayName: uid,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const survey = (id: string, ownerId: string, extra: object = {}) => ({
  id,
  ownerId,
  surveyTitle: 'A1 bridges',
  name: 'A1 bridges',
  surveyorName: 'Sam',
  surveyor: 'Sam',
  active: false,
  outputFiles: ['CSV', 'JSON', 'GeoJSON'],
  lastSyncedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
});
const measurement = (id: string, surveyId: string, ownerId: string, extra: object = {}) => ({
  id,
  user_id: surveyId,
  ownerId,
  rel: 4.52,
  latitude: 51.5,
  longitude: -0.12,
  utcDate: '2026-01-02',
  utcTime: '10:00:00',
  roadNumber: 'A1',
  poiNumber: 3,
  poi_type: 'bridge',
  note: 'low bridge',
  source: 'manual',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastSyncedAt: '2026-01-02T10:01:00.000Z',
  ...extra,
});
const trackpoint = (id: string, surveyId: string, ownerId: string, extra: object = {}) => ({
  id,
  surveyId,
  ownerId,
  timestamp: '2026-01-02T10:00:00.000Z',
  latitude: 51.5,
  longitude: -0.12,
  speed: 30,
  heading: 90,
  lastSyncedAt: '2026-01-02T10:01:00.000Z',
  ...extra,
});
const poi = (id: string, surveyId: string, ownerId: string, extra: object = {}) => ({
  id,
  surveyId,
  ownerId,
  height: 4.5,
  latitude: 51.5,
  longitude: -0.12,
  poiType: 'bridge',
  note: 'old pois format',
  ...extra,
});
const route = (id: string, surveyId: string, ownerId: string, extra: object = {}) => ({
  id,
  surveyId,
  ownerId,
  name: 'Main route',
  color: '#3b82f6',
  points: [{ id: 'p1', lat: 51.5, lng: -0.12, type: 'origin', order: 0 }],
  routeGeometry: [{ lat: 51.5, lng: -0.12 }, { lat: 51.6, lng: -0.1 }],
  ...extra,
});

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-clearway-rules',
    firestore: {
      host: '127.0.0.1',
      port: inject('firestorePort'),
      rules: readFileSync(new URL('../../firebase/firestore.rules', import.meta.url), 'utf8'),
    },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const d = ctx.firestore() as unknown as Firestore;
    const b = writeBatch(d);
    const states: Record<string, string> = {
      alice: 'approved',
      bob: 'approved',
      pat: 'pending',
      emma: 'email_pending',
      vera: 'email_pending',
      rex: 'rejected',
      unverified: 'approved',
      root: 'approved',
    };
    for (const [uid, status] of Object.entries(states)) b.set(doc(d, 'accounts', uid), account(uid, status));
    b.set(doc(d, 'surveys', 's-alice'), survey('s-alice', 'alice'));
    b.set(doc(d, 'surveys', 's-bob'), survey('s-bob', 'bob'));
    b.set(doc(d, 'surveys', 's-rex'), survey('s-rex', 'rex')); // synced before the rejection
    b.set(doc(d, 'measurements', 'm-alice'), measurement('m-alice', 's-alice', 'alice'));
    b.set(doc(d, 'measurements', 'm-bob'), measurement('m-bob', 's-bob', 'bob'));
    b.set(doc(d, 'trackpoints', 't-alice'), trackpoint('t-alice', 's-alice', 'alice'));
    b.set(doc(d, 'pois', 'p-alice'), poi('p-alice', 's-alice', 'alice'));
    b.set(doc(d, 'pois', 'p-bob'), poi('p-bob', 's-bob', 'bob'));
    b.set(doc(d, 'routes', 'r-alice'), route('r-alice', 's-alice', 'alice'));
    await b.commit();
  });
});

type Case = [name: string, actor: Actor, op: (d: Firestore) => Promise<unknown>];
const allow = (cases: Case[]) =>
  it.each(cases)('allows: %s', async (_name, actor, op) => {
    await assertSucceeds(op(db(actor)));
  });
const deny = (cases: Case[]) =>
  it.each(cases)('denies: %s', async (_name, actor, op) => {
    await assertFails(op(db(actor)));
  });

const mine = (d: Firestore, uid: string) => query(collection(d, 'accounts'), where('authUid', '==', uid));

describe('accounts', () => {
  allow([
    ['a registering user creates their own account as email_pending', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), account('newbie', 'email_pending'))],
    ['a user reads their own account', 'pat', (d) => getDoc(doc(d, 'accounts', 'pat'))],
    ['the account query of SPEC §7 (authUid == uid)', 'emma', (d) => getDocs(mine(d, 'emma'))],
    ['a verified user moves email_pending → pending', 'vera', (d) => updateDoc(doc(d, 'accounts', 'vera'), { status: 'pending' })],
    ['a user re-sends the same status', 'pat', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'pending' })],
    ['an administrator approves', 'root', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'approved', reviewedBy: 'root' })],
    ['an administrator rejects', 'root', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'rejected' })],
    ['an administrator lists every account', 'root', (d) => getDocs(collection(d, 'accounts'))],
    ['an administrator reads another account', 'root', (d) => getDoc(doc(d, 'accounts', 'rex'))],
    ['an administrator filters accounts by status', 'root', (d) => getDocs(query(collection(d, 'accounts'), where('status', '==', 'pending')))],
  ]);
  deny([
    ['an anonymous visitor reads an account', 'anonymous', (d) => getDoc(doc(d, 'accounts', 'alice'))],
    ['an anonymous visitor creates an account', 'anonymous', (d) => setDoc(doc(d, 'accounts', 'x'), account('x', 'email_pending'))],
    ['a user creates an account under another uid', 'newbie', (d) => setDoc(doc(d, 'accounts', 'other'), account('newbie', 'email_pending'))],
    ['a user creates an account naming another authUid', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), account('other', 'email_pending'))],
    ['a new account created as approved', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), account('newbie', 'approved'))],
    ['a new account created as pending', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), account('newbie', 'pending'))],
    ['a new account with an e-mail that is not the token’s', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), { ...account('newbie', 'email_pending'), email: 'ceo@example.com' })],
    ['a new account with an extra field', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), { ...account('newbie', 'email_pending'), role: 'admin' })],
    ['a new account with a 101-character display name', 'newbie', (d) => setDoc(doc(d, 'accounts', 'newbie'), { ...account('newbie', 'email_pending'), displayName: 'x'.repeat(101) })],
    ['an unverified user moves email_pending → pending', 'emma', (d) => updateDoc(doc(d, 'accounts', 'emma'), { status: 'pending' })],
    ['a pending user approves themselves', 'pat', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'approved' })],
    ['a rejected user moves back to pending', 'rex', (d) => updateDoc(doc(d, 'accounts', 'rex'), { status: 'pending' })],
    ['an email_pending user approves themselves', 'vera', (d) => updateDoc(doc(d, 'accounts', 'vera'), { status: 'approved' })],
    ['a user changes their authUid', 'pat', (d) => updateDoc(doc(d, 'accounts', 'pat'), { authUid: 'alice' })],
    ['a user reads another account', 'bob', (d) => getDoc(doc(d, 'accounts', 'alice'))],
    ['a user lists every account', 'alice', (d) => getDocs(collection(d, 'accounts'))],
    ['a user approves another account', 'alice', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'approved' })],
    ['a user deletes their own account record', 'rex', (d) => deleteDoc(doc(d, 'accounts', 'rex'))],
    ['an administrator deletes an account record', 'root', (d) => deleteDoc(doc(d, 'accounts', 'pat'))],
    ['an administrator sets an unknown status', 'root', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'superuser' })],
    ['an administrator changes an account’s e-mail', 'root', (d) => updateDoc(doc(d, 'accounts', 'pat'), { email: 'x@example.com' })],
    ['an administrator moves an account back to email_pending', 'root', (d) => updateDoc(doc(d, 'accounts', 'pat'), { status: 'email_pending' })],
  ]);
});

describe('surveys', () => {
  allow([
    ['an approved user creates their survey', 'alice', (d) => setDoc(doc(d, 'surveys', 's-new'), survey('s-new', 'alice'))],
    ['an approved user re-sends the same survey (idempotent set)', 'alice', (d) => setDoc(doc(d, 'surveys', 's-alice'), survey('s-alice', 'alice'))],
    ['the merge update of SPEC §7 (lastSyncedAt, measurementsSynced)', 'alice', (d) => setDoc(doc(d, 'surveys', 's-alice'), { lastSyncedAt: '2026-01-03T00:00:00Z', measurementsSynced: 12 }, { merge: true })],
    ['an approved user reads their survey', 'alice', (d) => getDoc(doc(d, 'surveys', 's-alice'))],
    ['the import query (ownerId == uid)', 'alice', (d) => getDocs(query(collection(d, 'surveys'), where('ownerId', '==', 'alice')))],
    ['an approved user deletes their survey', 'alice', (d) => deleteDoc(doc(d, 'surveys', 's-alice'))],
  ]);
  deny([
    ['an anonymous visitor creates a survey', 'anonymous', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'alice'))],
    ['a pending user creates a survey', 'pat', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'pat'))],
    ['an email_pending user creates a survey', 'emma', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'emma'))],
    ['a rejected user creates a survey', 'rex', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'rex'))],
    ['a user with no account creates a survey', 'nobody', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'nobody'))],
    ['an approved account whose e-mail is unverified creates a survey', 'unverified', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'unverified'))],
    ['a survey created for another owner', 'alice', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'bob'))],
    ['a survey whose id field is not its document id', 'alice', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-y', 'alice'))],
    ['a survey with an unknown field', 'alice', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'alice', { isPublic: true }))],
    ['a survey title of 301 characters', 'alice', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'alice', { surveyTitle: 'x'.repeat(301) }))],
    ['a survey whose active flag is a string', 'alice', (d) => setDoc(doc(d, 'surveys', 's-x'), survey('s-x', 'alice', { active: 'yes' }))],
    ['a user overwrites another user’s survey', 'alice', (d) => setDoc(doc(d, 'surveys', 's-bob'), survey('s-bob', 'alice'))],
    ['a user reads another user’s survey', 'alice', (d) => getDoc(doc(d, 'surveys', 's-bob'))],
    ['a user lists every survey (no ownerId filter)', 'alice', (d) => getDocs(collection(d, 'surveys'))],
    ['a user deletes another user’s survey', 'alice', (d) => deleteDoc(doc(d, 'surveys', 's-bob'))],
    ['a rejected user reads their own earlier survey', 'rex', (d) => getDoc(doc(d, 'surveys', 's-rex'))],
    ['a rejected user updates their own earlier survey', 'rex', (d) => setDoc(doc(d, 'surveys', 's-rex'), survey('s-rex', 'rex', { notes: 'x' }))],
    ['an administrator reads a user’s survey (no special power over data)', 'root', (d) => getDoc(doc(d, 'surveys', 's-alice'))],
  ]);
});

describe('measurements', () => {
  allow([
    ['the owner of the survey writes a measurement', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-new'), measurement('m-new', 's-alice', 'alice'))],
    ['a measurement re-sent identically', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-alice'), measurement('m-alice', 's-alice', 'alice'))],
    ['an edited measurement', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-alice'), measurement('m-alice', 's-alice', 'alice', { rel: 3.9, note: 'remeasured' }))],
    ['a batch of a new survey and its measurements', 'alice', (d) => {
      const b = writeBatch(d);
      b.set(doc(d, 'surveys', 's-b'), survey('s-b', 'alice'));
      for (let i = 0; i < 5; i += 1) b.set(doc(d, 'measurements', `mb-${i}`), measurement(`mb-${i}`, 's-b', 'alice'));
      return b.commit();
    }],
    ['a measurements query of one’s own survey', 'alice', (d) => getDocs(query(collection(d, 'measurements'), where('ownerId', '==', 'alice'), where('user_id', '==', 's-alice')))],
    ['the owner deletes a measurement', 'alice', (d) => deleteDoc(doc(d, 'measurements', 'm-alice'))],
    ['the outbox deletes a measurement that was never uploaded', 'alice', (d) => deleteDoc(doc(d, 'measurements', 'm-never-uploaded'))],
    ['a batch of the outbox: a survey, its measurements and a deletion of one never uploaded', 'alice', (d) => {
      const b = writeBatch(d);
      b.set(doc(d, 'surveys', 's-o'), survey('s-o', 'alice', { lastSyncedAt: '2026-06-01T08:00:00.000Z' }));
      b.set(doc(d, 'measurements', 'mo-1'), measurement('mo-1', 's-o', 'alice', { lastSyncedAt: '2026-06-01T08:00:00.000Z' }));
      b.delete(doc(d, 'measurements', 'mo-gone'));
      return b.commit();
    }],
    ['the merge update of a survey after its measurements', 'alice', (d) =>
      setDoc(doc(d, 'surveys', 's-alice'), { id: 's-alice', ownerId: 'alice', lastSyncedAt: '2026-06-01T08:00:00.000Z', measurementsSynced: 12, measurementsTotal: 12 }, { merge: true })],
  ]);
  deny([
    ['a measurement attached to another user’s survey', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-bob', 'alice'))],
    ['a measurement claiming another owner', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'bob'))],
    ['a measurement of a survey that does not exist', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-none', 'alice'))],
    ['a measurement without its survey id', 'alice', (d) => {
      const { user_id: _omit, ...rest } = measurement('m-x', 's-alice', 'alice');
      return setDoc(doc(d, 'measurements', 'm-x'), rest);
    }],
    ['a measurement whose height is a string', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'alice', { rel: '4.5' }))],
    ['a measurement with a note of 5001 characters', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'alice', { note: 'x'.repeat(5001) }))],
    ['a measurement with an unknown field', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'alice', { blob: 'AAAA' }))],
    ['a measurement whose id field is not its document id', 'alice', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-y', 's-alice', 'alice'))],
    ['a measurement moved to another survey', 'bob', (d) => setDoc(doc(d, 'measurements', 'm-bob'), measurement('m-bob', 's-alice', 'bob'))],
    ['a pending user writes a measurement', 'pat', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'pat'))],
    ['a rejected user writes a measurement', 'rex', (d) => setDoc(doc(d, 'measurements', 'm-x'), measurement('m-x', 's-alice', 'rex'))],
    ['a user reads another user’s measurement', 'alice', (d) => getDoc(doc(d, 'measurements', 'm-bob'))],
    ['a query of another user’s survey’s measurements', 'alice', (d) => getDocs(query(collection(d, 'measurements'), where('user_id', '==', 's-bob')))],
    ['a user deletes another user’s measurement', 'alice', (d) => deleteDoc(doc(d, 'measurements', 'm-bob'))],
    ['a pending user deletes a measurement that does not exist', 'pat', (d) => deleteDoc(doc(d, 'measurements', 'm-never-uploaded'))],
    ['an anonymous visitor reads a measurement', 'anonymous', (d) => getDoc(doc(d, 'measurements', 'm-alice'))],
  ]);
});

describe('trackpoints, pois and routes', () => {
  allow([
    ['the survey owner writes a trackpoint', 'alice', (d) => setDoc(doc(d, 'trackpoints', 't-new'), trackpoint('t-new', 's-alice', 'alice'))],
    ['the survey owner reads their trackpoints', 'alice', (d) => getDocs(query(collection(d, 'trackpoints'), where('ownerId', '==', 'alice'), where('surveyId', '==', 's-alice')))],
    ['the import query of pois (ownerId, surveyId)', 'alice', (d) => getDocs(query(collection(d, 'pois'), where('ownerId', '==', 'alice'), where('surveyId', '==', 's-alice')))],
    ['the survey owner writes a poi', 'alice', (d) => setDoc(doc(d, 'pois', 'p-new'), poi('p-new', 's-alice', 'alice'))],
    ['the survey owner writes a planned route', 'alice', (d) => setDoc(doc(d, 'routes', 'r-new'), route('r-new', 's-alice', 'alice'))],
    ['the survey owner deletes a route', 'alice', (d) => deleteDoc(doc(d, 'routes', 'r-alice'))],
  ]);
  deny([
    ['a trackpoint on another user’s survey', 'alice', (d) => setDoc(doc(d, 'trackpoints', 't-x'), trackpoint('t-x', 's-bob', 'alice'))],
    ['a trackpoint without a latitude', 'alice', (d) => {
      const { latitude: _omit, ...rest } = trackpoint('t-x', 's-alice', 'alice');
      return setDoc(doc(d, 'trackpoints', 't-x'), rest);
    }],
    ['a trackpoint by a pending user', 'pat', (d) => setDoc(doc(d, 'trackpoints', 't-x'), trackpoint('t-x', 's-alice', 'pat'))],
    ['a user reads another user’s pois', 'bob', (d) => getDoc(doc(d, 'pois', 'p-alice'))],
    ['the pois of a survey queried without ownerId', 'alice', (d) => getDocs(query(collection(d, 'pois'), where('surveyId', '==', 's-alice')))],
    ['a poi on another user’s survey', 'alice', (d) => setDoc(doc(d, 'pois', 'p-x'), poi('p-x', 's-bob', 'alice'))],
    ['a route with a nested unknown field', 'alice', (d) => setDoc(doc(d, 'routes', 'r-x'), route('r-x', 's-alice', 'alice', { secret: 1 }))],
    ['a route on another user’s survey', 'alice', (d) => setDoc(doc(d, 'routes', 'r-x'), route('r-x', 's-bob', 'alice'))],
    ['a route with 201 planned points', 'alice', (d) => setDoc(doc(d, 'routes', 'r-x'), route('r-x', 's-alice', 'alice', { points: Array.from({ length: 201 }, (_, i) => ({ id: `p${i}`, lat: 1, lng: 1 })) }))],
    ['a write to a collection the rules do not name', 'alice', (d) => setDoc(doc(d, 'secrets', 'x'), { a: 1 })],
  ]);
});
