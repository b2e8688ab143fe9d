import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session/session-atoms';
import { queryClient as defaultQueryClient } from './query/query-client';

/**
 * The providers every screen needs: the session store and the query client.
 * The shell mounts them once; a remote mounted in isolation (its harness or
 * single-spa lifecycles) mounts its own.
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <JotaiProvider store={sessionStore}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </JotaiProvider>
  );
}
