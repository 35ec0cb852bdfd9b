// The guard's account provider backed by the cloud: no signed-in user → 'no-user' (and the
// SDK is not even loaded when nobody signed in on this device); otherwise the live query of
// SPEC §7 (accounts where authUid equals the user, first match or null), whose every answer
// also lands in the query cache under ['account', uid].
import type { AccountRecord } from '../../services/firebase';
import type { AccountCheck, AccountStatusProvider } from './accountStatus';
import { queryClient } from './queryClient';
import { getSession, signOutUser, startSession } from './session';

export const accountKey = (uid: string) => ['account', uid] as const;

function toCheck(account: AccountRecord | null): AccountCheck {
  return account ? { kind: 'account', status: account.status } : { kind: 'no-account' };
}

export const cloudAccounts: AccountStatusProvider = {
  known: () => (getSession().state === 'signed-out' ? { kind: 'no-user' } : null),
  watch(onCheck, onError) {
    let stopped = false;
    if (getSession().state === 'signed-out') {
      // Also reported like every other check (the guard took it from `known` already).
      queueMicrotask(() => {
        if (!stopped) onCheck({ kind: 'no-user' });
      });
      return () => {
        stopped = true;
      };
    }
    let unUser: (() => void) | null = null;
    let unAccount: (() => void) | null = null;
    const stopAll = () => {
      unUser?.();
      unAccount?.();
      unUser = unAccount = null;
    };
    startSession().then(
      (client) => {
        if (stopped) return;
        unUser = client.onUser((user) => {
          unAccount?.();
          unAccount = null;
          if (stopped) return;
          if (!user) {
            onCheck({ kind: 'no-user' });
            return;
          }
          const cached = queryClient.getQueryData<AccountRecord | null>(accountKey(user.uid));
          if (cached !== undefined) onCheck(toCheck(cached));
          unAccount = client.watchAccount(
            user.uid,
            (account) => {
              queryClient.setQueryData(accountKey(user.uid), account);
              if (!stopped) onCheck(toCheck(account));
            },
            (error) => {
              if (!stopped) onError(error);
            },
          );
        });
      },
      (error: unknown) => {
        if (!stopped) onError(error);
      },
    );
    return () => {
      stopped = true;
      stopAll();
    };
  },
  signOut: () => signOutUser(),
};
