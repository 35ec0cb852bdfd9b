// The cloud as the app sees it: plain types with no Firebase import, so features and the
// first bundle can name them while the SDK stays lazy (client.ts implements CloudClient).
import type { FirebaseTarget } from './config';

export type DocData = Record<string, unknown>;

export type AccountStatus = 'email_pending' | 'pending' | 'approved' | 'rejected';

export interface CloudUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  /** The custom claim `admin`, set by `npm run admin -- grant EMAIL`. */
  isAdmin: boolean;
}

/** An `accounts` document (SPEC §3: id, authUid, status). */
export interface AccountRecord {
  id: string;
  authUid: string;
  email: string | null;
  displayName: string | null;
  status: AccountStatus;
  /** ISO 8601, when the account was registered. */
  createdAt: string | null;
}

/** One write of a batch: a set (or a merge), or a delete when `data` is null. */
export interface CloudWrite {
  collection: 'surveys' | 'measurements' | 'trackpoints' | 'routes' | 'pois';
  id: string;
  data: DocData | null;
  merge?: boolean;
}

export interface CloudClient {
  target: FirebaseTarget;
  /** Calls back with the signed-in user (null when signed out) now and on every change. */
  onUser(listener: (user: CloudUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<CloudUser>;
  /** Creates the user, their `accounts` record (email_pending) and sends the verification e-mail. */
  register(email: string, password: string, displayName: string): Promise<CloudUser>;
  signOut(): Promise<void>;
  resendVerification(): Promise<void>;
  /** Applies an e-mail verification code; the signed-in user, refreshed, or null. */
  applyVerification(code: string): Promise<CloudUser | null>;
  refreshUser(): Promise<CloudUser | null>;
  sendPasswordReset(email: string): Promise<void>;
  /** The e-mail a password-reset code belongs to. */
  checkResetCode(code: string): Promise<string>;
  confirmReset(code: string, password: string): Promise<void>;
  /** SPEC §7: accounts where authUid equals the user, first match or null. */
  fetchAccount(uid: string): Promise<AccountRecord | null>;
  watchAccount(uid: string, onChange: (account: AccountRecord | null) => void, onError: (error: Error) => void): () => void;
  /** email_pending → pending, once the e-mail is verified (the rules check the token). */
  markEmailConfirmed(uid: string): Promise<void>;
  listAccounts(status?: AccountStatus): Promise<AccountRecord[]>;
  setAccountStatus(uid: string, status: AccountStatus): Promise<void>;
  /** One batch, committed when the server acknowledged every write in it. */
  commit(writes: CloudWrite[]): Promise<void>;
  /** Documents of a collection owned by `ownerId`, optionally where `field == value`. */
  queryOwned(collection: string, ownerId: string, field?: string, value?: string): Promise<DocData[]>;
  serverTime(): unknown;
}
