// Account status as the access guard sees it (SPEC §4).
//
// The guard asks an AccountStatusProvider what it knows about the signed-in user. The
// current provider, `noSignedInUser`, reports that nobody is signed in — true for this
// build, which has no sign-in yet — so access is allowed. The Firebase-backed provider
// (a later issue) implements the same interface: look up the user's `accounts` record
// and return its status, and sign the user out on rejection.

/** What a provider found out. */
export type AccountCheck =
  | { kind: 'no-user' }
  | { kind: 'no-account' }
  | { kind: 'account'; status: 'approved' | 'pending' | 'email_pending' | 'rejected' };

export interface AccountStatusProvider {
  check(): Promise<AccountCheck>;
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

/** The provider of this build: nobody can sign in yet, so nobody is signed in. */
export const noSignedInUser: AccountStatusProvider = {
  check: () => Promise.resolve({ kind: 'no-user' }),
  signOut: () => Promise.resolve(),
};

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
