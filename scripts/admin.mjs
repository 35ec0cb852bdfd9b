// `npm run admin -- <command>`: account administration with firebase-admin 13.
//   grant EMAIL     make an existing user an administrator (custom claim admin: true); they
//                   sign out and in again (or wait up to an hour) for their token to carry it
//   revoke EMAIL    remove the claim
//   approve EMAIL   set the user's account to approved (also: reject EMAIL)
//   list            every user with their account status and role
// Against the local emulators of `npm start` by default (no credentials needed). For a real
// project: CLEARWAY_FIREBASE_PROJECT=<id> and GOOGLE_APPLICATION_CREDENTIALS=<service account
// key file>, both kept outside the repository.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { configuredPorts, PROJECT_ID } from './emulators.mjs';

const realProject = process.env.CLEARWAY_FIREBASE_PROJECT;
if (!realProject) {
  const ports = configuredPorts();
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${ports.auth}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${ports.firestore}`;
}
const projectId = realProject ?? PROJECT_ID;
const app = initializeApp({ projectId });
const auth = getAuth(app);
const db = getFirestore(app);

const USAGE = 'usage: npm run admin -- grant EMAIL | revoke EMAIL | approve EMAIL | reject EMAIL | list';

function fail(message) {
  console.error(`admin: ${message}`);
  process.exit(1);
}

async function userByEmail(email) {
  if (!email) fail(USAGE);
  try {
    return await auth.getUserByEmail(email);
  } catch (e) {
    if (e.code === 'auth/user-not-found') fail(`no user with the e-mail ${email}: they must register first`);
    throw e;
  }
}

async function setAdmin(email, admin) {
  const user = await userByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (admin) claims.admin = true;
  else delete claims.admin;
  await auth.setCustomUserClaims(user.uid, claims);
  console.log(`${email} (${user.uid}) is ${admin ? 'now an administrator' : 'no longer an administrator'}; the change applies at their next sign-in or token refresh`);
}

async function setStatus(email, status) {
  const user = await userByEmail(email);
  const ref = db.collection('accounts').doc(user.uid);
  const snap = await ref.get();
  if (!snap.exists) fail(`${email} has no account record (registered outside the app?)`);
  await ref.update({ status, updatedAt: new Date().toISOString(), reviewedBy: 'admin-cli' });
  console.log(`${email}: ${snap.data().status} → ${status}`);
}

async function list() {
  const accounts = new Map();
  for (const d of (await db.collection('accounts').get()).docs) accounts.set(d.id, d.data());
  const rows = [];
  let pageToken;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const u of page.users) {
      const account = accounts.get(u.uid);
      rows.push({
        email: u.email ?? '(no e-mail)',
        status: account?.status ?? '(no account record)',
        verified: u.emailVerified ? 'yes' : 'no',
        admin: u.customClaims?.admin === true ? 'admin' : '',
        created: u.metadata.creationTime ? new Date(u.metadata.creationTime).toISOString().slice(0, 10) : '',
      });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  if (rows.length === 0) {
    console.log(`no users in ${realProject ? `project ${projectId}` : 'the emulator'}`);
    return;
  }
  const cols = ['email', 'status', 'verified', 'admin', 'created'];
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]));
  console.log(cols.map((c) => c.toUpperCase().padEnd(width[c])).join('  '));
  for (const r of rows.sort((a, b) => a.email.localeCompare(b.email))) console.log(cols.map((c) => r[c].padEnd(width[c])).join('  '));
}

const [command, arg] = process.argv.slice(2);
try {
  switch (command) {
    case 'grant':
      await setAdmin(arg, true);
      break;
    case 'revoke':
      await setAdmin(arg, false);
      break;
    case 'approve':
      await setStatus(arg, 'approved');
      break;
    case 'reject':
      await setStatus(arg, 'rejected');
      break;
    case 'list':
      await list();
      break;
    default:
      fail(USAGE);
  }
} catch (e) {
  const where = realProject ? `project ${projectId}` : `the emulators (${process.env.FIREBASE_AUTH_EMULATOR_HOST}, ${process.env.FIRESTORE_EMULATOR_HOST}); is \`npm start\` running?`;
  fail(`${e.message} — against ${where}`);
}
process.exit(0);
