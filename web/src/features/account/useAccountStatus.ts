import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast';
import {
  ACCOUNT_MESSAGES,
  noSignedInUser,
  toAccessStatus,
  type AccessStatus,
  type AccountStatusProvider,
} from './accountStatus';

/**
 * The account status of the current user, checked once per mount while `enabled`.
 * A rejected account gets the SPEC's destructive toast and is signed out; a failed check
 * gets the 'Error' toast and access continues (SPEC §4).
 */
export function useAccountStatus(
  enabled: boolean,
  provider: AccountStatusProvider = noSignedInUser,
): { status: AccessStatus } {
  const [status, setStatus] = useState<AccessStatus>('checking');

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    provider.check().then(
      (check) => {
        const next = toAccessStatus(check);
        if (next === 'rejected') {
          toast({ ...ACCOUNT_MESSAGES.rejected, variant: 'destructive' });
          // Sent to /welcome either way; a failed sign-out must not let the user in.
          provider.signOut().catch(() => undefined);
        }
        if (current) setStatus(next);
      },
      () => {
        toast({ ...ACCOUNT_MESSAGES.checkFailed, variant: 'destructive' });
        if (current) setStatus('allowed');
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, provider]);

  return { status };
}
