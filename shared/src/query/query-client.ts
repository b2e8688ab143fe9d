import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/envelope';

/** Unused data is kept 60 s (spec §9). */
export const QUERY_GC_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          // Client errors will not fix themselves; network blips might.
          if (
            error instanceof ApiError &&
            error.failure.httpStatus &&
            error.failure.httpStatus < 500
          )
            return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** The one query client, shared by every remote through the federated singleton. */
export const queryClient = createQueryClient();
