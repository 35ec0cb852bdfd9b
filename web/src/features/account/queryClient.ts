// The query cache for cloud reads (the account, the administrators' list, import queries),
// with SPEC §9's settings: stale after 5 minutes, 1 retry, no refetch on window focus.
import { QueryClient } from '@tanstack/react-query';

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The app's one cache (app/App.tsx provides it). */
export const queryClient = createQueryClient();
