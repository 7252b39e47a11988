import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api';
import { showErrorToast } from '../components/ui/toasts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

export interface QueryMeta extends Record<string, unknown> {
  /**
   * The toast shown when the call fails (docs/contract/errors.md; e.g. ERROR_TOASTS.clients); `true` shows
   * the API's own message. Without it the screen shows the error itself.
   */
  errorToast?: string | true;
}

export const meQueryKey = ['auth', 'me'] as const;

function retry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again; a lost connection or a 5xx may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

  function onError(error: unknown, meta: QueryMeta | undefined) {
    // The session ended (expired, or logged out elsewhere): forget it, and the guards send the user to login.
    if (error instanceof ApiError && error.status === 401) client.setQueryData(meQueryKey, null);
    if (meta?.errorToast) showErrorToast(meta.errorToast === true ? errorMessage(error) : meta.errorToast);
  }

  return client;
}
