// Application providers. Two groups:
//  - AppProviders wrap the router: Mantine (theme + colour scheme from ui-state), global UI state, TanStack Query.
//  - RouteProviders are rendered by the root route, inside the router, so that session, cart, modals and
//    notifications can use router hooks (navigate on session expiry, <Link> inside a modal or a toast).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/fraunces/latin-500.css';
import '@fontsource/fraunces/latin-600.css';
import '@fontsource/fraunces/latin-400-italic.css';
import './global.css';

import 'dayjs/locale/es';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from '../features/carrito/cart-context.tsx';
import { ApiClientError } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/session/auth-context.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { DEFAULT_THEME, themeStorageManager, UiStateProvider } from './ui-state.tsx';

/** Client errors (4xx) are answers, not glitches: never retried. Network and 5xx errors are retried once. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

const colorSchemeManager = themeStorageManager();

type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass their own client (no retries) and 'test' to disable transitions and portals. */
  queryClient?: QueryClient;
  env?: 'default' | 'test';
};

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_THEME}
      env={env}
    >
      <UiStateProvider>
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </DatesProvider>
      </UiStateProvider>
    </MantineProvider>
  );
}

export function RouteProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <CartProvider>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" limit={4} />
          {children}
        </ModalsProvider>
      </CartProvider>
    </AuthProvider>
  );
}
