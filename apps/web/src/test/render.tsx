// Rendering helpers for component tests: the app's providers (Mantine in test mode: no transitions),
// a memory router, a fresh query client per test, and a fetch double answering by method and path.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from '../lib/router';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { ToastsHost } from '../components/ui/toasts-host';
import { createQueryClient } from '../lib/query-client';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  return client;
}

/**
 * `advanceTimers` is handed to userEvent, for a test on fake timers (`vi.advanceTimersByTime`), so that
 * its delays between keystrokes move the fake clock instead of waiting on it.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', advanceTimers }: { route?: string; advanceTimers?: (delay: number) => unknown } = {},
) {
  const queryClient = createTestQueryClient();
  const user = advanceTimers ? userEvent.setup({ advanceTimers }) : userEvent.setup();
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProvider queryClient={queryClient} env="test" toastsHost={<ToastsHost />}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProvider>
    ),
  });
  return { ...result, user, queryClient };
}

/** The whole app, routes and layouts, in a memory router at `url`; `router.state.location` follows it. */
export function renderAppRoutes(url: string) {
  const router = { state: { location: undefined as unknown as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  render(
    <AppProvider queryClient={createTestQueryClient()} env="test" toastsHost={<ToastsHost />}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return router;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}
type Handler = FakeResponse | ((request: { url: URL; init: RequestInit | undefined }) => FakeResponse);

/**
 * Replaces fetch with answers keyed 'METHOD /path' (the query string is ignored for matching).
 * An unexpected call answers 500 { message: 'Erreur critique' } and is listed in `unexpected`.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) unexpected.push(key);
    const answer: FakeResponse = !handler
      ? { status: 500, body: { message: 'Erreur critique' } }
      : typeof handler === 'function'
        ? handler({ url, init })
        : handler;
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, unexpected };
}
