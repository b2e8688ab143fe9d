import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n/runtime';
import { sessionStore } from './session/session-atoms';
import { queryClient as defaultQueryClient } from './query/query-client';

/**
 * The providers every screen needs: the session store, the query client and the i18n instance
 * (for `<Trans>` of @lingui/react).
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
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
