import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast';
import { ACCOUNT_MESSAGES, toAccessStatus, type AccessStatus, type AccountStatusProvider } from './accountStatus';
import { cloudAccounts } from './cloudAccounts';

/**
 * The account status of the current user, followed live while `enabled` (SPEC §4).
 * A rejected account gets the SPEC's destructive toast and is signed out; a failed check
 * gets the 'Error' toast and access continues.
 */
export function useAccountStatus(enabled: boolean, provider: AccountStatusProvider = cloudAccounts): { status: AccessStatus } {
  const [status, setStatus] = useState<AccessStatus>(() => {
    const known = enabled ? provider.known?.() : null;
    return known ? toAccessStatus(known) : 'checking';
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    let signedOut = false;
    const stop = provider.watch(
      (check) => {
        if (!current) return;
        const next = toAccessStatus(check);
        if (next === 'rejected' && !signedOut) {
          signedOut = true;
          toast({ ...ACCOUNT_MESSAGES.rejected, variant: 'destructive' });
          // Sent to /welcome either way; a failed sign-out must not let the user in.
          provider.signOut().catch(() => undefined);
        }
        setStatus(next);
      },
      () => {
        if (!current) return;
        toast({ ...ACCOUNT_MESSAGES.checkFailed, variant: 'destructive' });
        setStatus('allowed');
      },
    );
    return () => {
      current = false;
      stop();
    };
  }, [enabled, provider]);

  return { status };
}
