import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const LazyToastsHost = lazy(async () => ({
  default: (await import('../components/ui/toasts-host')).ToastsHost,
}));

export interface AppProviderProps {
  children: ReactNode;
  /** A given client (tests); by default one is created per app. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  /** The toasts' host; by default loaded after the first paint (tests give it drawn at once). */
  toastsHost?: ReactNode;
}

export function AppProvider({
  children,
  queryClient,
  env = 'default',
  toastsHost = <LazyToastsHost />,
}: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <Suspense fallback={null}>{toastsHost}</Suspense>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
