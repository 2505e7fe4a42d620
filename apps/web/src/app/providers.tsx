// Application providers. Two groups:
//  - AppProviders wrap the router: Mantine (theme + colour scheme from ui-state), global UI state, TanStack Query.
//  - RouteProviders are rendered by the root route, inside the router, so that session, cart, modals and
//    notifications can use router hooks (navigate on session expiry, <Link> inside a modal or a toast).
//
// Public-page budget (QUALITY: initial JS <= 120 KB gzip; decision 0005): the modals host and the notifications host
// are mounted the first time a modal or a toast is requested (app/hosts-bajo-demanda.tsx), next to the app rather
// than around it. Use the static APIs, which work from anywhere:
//   import { modals } from '@mantine/modals';              modals.openConfirmModal({...})
//   import { notifications } from '@mantine/notifications'; notifications.show({...})
// (useModals() is not available: no ModalsProvider wraps the screens.) Dates: see components/proveedor-fechas.tsx
// (it also brings the pickers' styles). Fonts: font-display swap and unicode-range subsets (a Spanish page downloads
// only the latin files); the two the first paint needs are preloaded (vite.config.ts).
import '@mantine/core/styles.css';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/fraunces/latin-500.css';
import '@fontsource/fraunces/latin-600.css';
import '@fontsource/fraunces/latin-400-italic.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CartProvider } from '../lib/carrito/cart-context.tsx';
import { ApiClientError } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/session/auth-context.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { HostsBajoDemanda } from './hosts-bajo-demanda.tsx';
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
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </UiStateProvider>
    </MantineProvider>
  );
}

export function RouteProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <CartProvider>
        {children}
        <HostsBajoDemanda />
      </CartProvider>
    </AuthProvider>
  );
}
