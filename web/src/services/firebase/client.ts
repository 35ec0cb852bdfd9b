// The only module that imports the Firebase SDK (12.19.0). It is loaded by index.ts with a
// dynamic import the first time the cloud is needed, so the SDK is never in the first bundle.
// Firestore keeps its default memory cache: the device's IndexedDB store is the source of
// truth and Firestore a sync target (reviews/wave2-ecosystem.md §5).
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  applyActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  initializeFirestore,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { FirebaseTarget } from './config';
import { CloudCommitError, commitOverRest } from './restCommit';
import type { AccountRecord, AccountStatus, CloudClient, CloudUser, CloudWrite, DocData } from './types';

async function toCloudUser(user: User, forceRefresh = false): Promise<CloudUser> {
  const token = await user.getIdTokenResult(forceRefresh);
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    isAdmin: token.claims.admin === true,
  };
}

function accountOf(id: string, data: DocData): AccountRecord {
  const created = data.createdAt as { toDate?: () => Date } | string | undefined;
  return {
    id,
    authUid: String(data.authUid ?? id),
    email: typeof data.email === 'string' ? data.email : null,
    displayName: typeof data.displayName === 'string' ? data.displayName : null,
    status: data.status as AccountStatus,
    createdAt:
      typeof created === 'string' ? created : created && typeof created.toDate === 'function' ? created.toDate().toISOString() : null,
  };
}

export function createClient(target: FirebaseTarget): CloudClient {
  const app: FirebaseApp = initializeApp(target.config, 'clearway');
  const auth: Auth = getAuth(app);
  const db: Firestore = initializeFirestore(app, {});
  if (target.kind === 'emulator') {
    connectAuthEmulator(auth, target.auth, { disableWarnings: true });
    connectFirestoreEmulator(db, target.firestore.host, target.firestore.port);
  }
  const accountsOf = (uid: string) => query(collection(db, 'accounts'), where('authUid', '==', uid));
  // The persisted user is restored asynchronously after a page load: wait for it.
  const currentOrNull = async () => {
    await auth.authStateReady();
    return auth.currentUser;
  };
  const current = async () => {
    const user = await currentOrNull();
    if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' });
    return user;
  };

  return {
    target,
    onUser(listener) {
      return onAuthStateChanged(auth, (user) => {
        if (!user) listener(null);
        else toCloudUser(user).then(listener, () => listener(null));
      });
    },
    async signIn(email, password) {
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      return toCloudUser(user);
    },
    async register(email, password, displayName) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      if (displayName) await updateProfile(user, { displayName });
      await setDoc(doc(db, 'accounts', user.uid), {
        authUid: user.uid,
        email: user.email,
        displayName: displayName || null,
        status: 'email_pending',
        createdAt: new Date().toISOString(),
      });
      await sendEmailVerification(user);
      return toCloudUser(user);
    },
    async signOut() {
      await signOut(auth);
    },
    async resendVerification() {
      await sendEmailVerification(await current());
    },
    async applyVerification(code) {
      await applyActionCode(auth, code);
      const user = await currentOrNull();
      if (!user) return null;
      await user.reload();
      return toCloudUser(user, true);
    },
    async refreshUser() {
      const user = await currentOrNull();
      if (!user) return null;
      await user.reload();
      return toCloudUser(user, true);
    },
    async sendPasswordReset(email) {
      await sendPasswordResetEmail(auth, email);
    },
    async checkResetCode(code) {
      return verifyPasswordResetCode(auth, code);
    },
    async confirmReset(code, password) {
      await confirmPasswordReset(auth, code, password);
    },
    async fetchAccount(uid) {
      const snap = await getDocs(accountsOf(uid));
      const first = snap.docs[0];
      return first ? accountOf(first.id, first.data()) : null;
    },
    watchAccount(uid, onChange, onError) {
      return onSnapshot(
        accountsOf(uid),
        (snap) => {
          const first = snap.docs[0];
          onChange(first ? accountOf(first.id, first.data()) : null);
        },
        (error) => onError(error),
      );
    },
    async markEmailConfirmed(uid) {
      const ref = doc(db, 'accounts', uid);
      const snap = await getDoc(ref);
      if (snap.exists() && snap.data().status === 'email_pending') {
        await updateDoc(ref, { status: 'pending', updatedAt: new Date().toISOString() });
      }
    },
    async listAccounts(status) {
      const constraints: QueryConstraint[] = status ? [where('status', '==', status)] : [];
      const snap = await getDocs(query(collection(db, 'accounts'), ...constraints));
      return snap.docs.map((d) => accountOf(d.id, d.data()));
    },
    async setAccountStatus(uid, status) {
      await updateDoc(doc(db, 'accounts', uid), {
        status,
        updatedAt: new Date().toISOString(),
        reviewedBy: (await currentOrNull())?.uid ?? null,
      });
    },
    async commit(writes: CloudWrite[]) {
      // Through the REST API, not a WriteBatch: see restCommit.ts (the SDK's local cache cost
      // the page hundreds of milliseconds per batch, for documents nothing here reads back).
      const user = await current().catch(() => {
        throw new CloudCommitError('unauthenticated', 'Not signed in');
      });
      const token = await user.getIdToken().catch((error: unknown) => {
        // A token past its hour is refreshed first: with no network, that is the cloud out of reach.
        const code = String((error as { code?: unknown } | null)?.code ?? '');
        throw code === 'auth/network-request-failed' ? new CloudCommitError('unavailable', 'The cloud could not be reached') : error;
      });
      await commitOverRest(target, token, writes);
    },
    async queryOwned(collectionName, ownerId, field, value) {
      const constraints = [where('ownerId', '==', ownerId)];
      if (field) constraints.push(where(field, '==', value));
      const snap = await getDocs(query(collection(db, collectionName), ...constraints));
      return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
    },
    serverTime: () => serverTimestamp(),
  };
}
