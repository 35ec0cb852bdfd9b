// The signed-in user's `accounts` record through the query cache (SPEC §9 settings); the
// guard's live listener (cloudAccounts.ts) keeps the same cache entry current.
import { useQuery } from '@tanstack/react-query';
import type { AccountRecord } from '../../services/firebase';
import { accountKey } from './cloudAccounts';
import { startSession } from './session';

export function useAccount(uid: string | null) {
  return useQuery<AccountRecord | null>({
    queryKey: accountKey(uid ?? ''),
    queryFn: async () => (await startSession()).fetchAccount(uid as string),
    enabled: uid !== null,
  });
}
