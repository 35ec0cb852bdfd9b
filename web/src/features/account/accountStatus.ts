// Account status as the access guard sees it (SPEC §4).
//
// The guard asks an AccountStatusProvider to follow the signed-in user's account: the
// provider reports what it knows now and again on every change (an administrator's approval
// reaches a waiting user without a reload). `cloudAccounts` (cloudAccounts.ts) reads the
// `accounts` record live from Firestore; `noSignedInUser` is the provider of tests and of
// a device where nobody ever signed in.

/** What a provider found out. */
export type AccountCheck =
  | { kind: 'no-user' }
  | { kind: 'no-account' }
  | { kind: 'account'; status: 'approved' | 'pending' | 'email_pending' | 'rejected' };

export interface AccountStatusProvider {
  /** Reports the current check, then every change; returns the unsubscribe. */
  watch(onCheck: (check: AccountCheck) => void, onError: (error: unknown) => void): () => void;
  /**
   * The check when it is known without asking anyone (nobody signed in on this device):
   * the guard then has nothing to wait for and shows the page in its first render.
   */
  known?(): AccountCheck | null;
  /** Ends the session of a rejected user. */
  signOut(): Promise<void>;
}

/** What the guard does with the account. */
export type AccessStatus = 'checking' | 'allowed' | 'pending' | 'rejected';

/** SPEC §4: no signed-in user or no account record → allowed; pending states → pending. */
export function toAccessStatus(check: AccountCheck): Exclude<AccessStatus, 'checking'> {
  if (check.kind !== 'account') return 'allowed';
  switch (check.status) {
    case 'approved':
      return 'allowed';
    case 'pending':
    case 'email_pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
  }
}

/** A provider for which nobody is signed in. */
export const noSignedInUser: AccountStatusProvider = {
  watch: (onCheck) => {
    onCheck({ kind: 'no-user' });
    return () => undefined;
  },
  signOut: () => Promise.resolve(),
};

/** A provider that reports one check (or one failure); for tests and simple callers. */
export function fixedProvider(check: () => Promise<AccountCheck>, signOut: () => Promise<void> = () => Promise.resolve()): AccountStatusProvider {
  return {
    watch: (onCheck, onError) => {
      let live = true;
      check().then(
        (c) => live && onCheck(c),
        (e: unknown) => live && onError(e),
      );
      return () => {
        live = false;
      };
    },
    signOut,
  };
}

export const ACCOUNT_MESSAGES = {
  rejected: {
    title: 'Account Rejected',
    description:
      'Your account registration was not approved. Please contact support if you believe this is an error.',
  },
  checkFailed: {
    title: 'Error',
    description: 'Failed to verify account status. Please try again later.',
  },
} as const;
