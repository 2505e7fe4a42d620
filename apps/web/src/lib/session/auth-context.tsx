// Auth context (SPEC 3, 4, 5, 8): who is signed in, with which role, and the rules that keep the session
// honest: auto-logout at expiry, sync between tabs, the 'Sesión expirada' dialog, silent renewal while
// the user is active, and a 401 from the server treated as expiry.
//
// Place it inside MantineProvider (the dialog is a Mantine Modal). Inside the router its 'Entendido'
// navigates with replace; outside it falls back to location.replace. Inside QueryClientProvider it also
// watches every query and mutation for a 401.
//
// The dialog's code (Modal, focus trap, scroll lock...) is not in the first download (decision 0005): nothing is
// rendered until the session expires, and the module is fetched in idle time while someone is signed in (only a
// stored session can expire), so it is usually there when needed.
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { api, ApiClientError } from '../api-client.ts';
import {
  createSessionController,
  SNAPSHOT_SIN_SESION,
  type RenewResult,
  type SessionController,
} from './session-controller.ts';
import { paths } from '../paths.ts';

export type AuthState = {
  isAuthenticated: boolean;
  userRole: string | null;
  userId: number | null;
  token: string | null;
  login: (token: string) => void;
  logout: () => void;
};

const AuthContext = createContext<AuthState | null>(null);

/** A fresh token for a live session. The descriptor comes from the zod-free rutas module (first download). */
async function renovarSesion(): Promise<RenewResult> {
  try {
    const { token } = await api(usuariosRutas.renovarSesion);
    return typeof token === 'string' && token ? { ok: true, token } : { ok: false, status: 0 };
  } catch (err) {
    return { ok: false, status: err instanceof ApiClientError ? err.status : 0 };
  }
}

type DialogoProps = { opened: boolean; onAcknowledge: () => void };
type Dialogo = ComponentType<DialogoProps>;
let dialogoCargado: Dialogo | undefined;
let cargandoDialogo: Promise<Dialogo> | undefined;

/** Downloads the 'Sesión expirada' dialog once (tests call it first so the dialog renders synchronously). */
export function precargarDialogoSesionExpirada(): Promise<Dialogo> {
  cargandoDialogo ??= import('./sesion-expirada-dialog.tsx').then(
    (m) => (dialogoCargado = m.SesionExpiradaDialog),
    (err: unknown) => {
      cargandoDialogo = undefined;
      throw err;
    },
  );
  return cargandoDialogo;
}

/**
 * Without the dialog's code (offline, or a new version was deployed and the old chunk is gone) the session has
 * still ended: go to the sign-in page with a full load, which also picks up the new version.
 */
function SinDialogo({ opened, onAcknowledge }: DialogoProps) {
  useEffect(() => {
    if (!opened) return;
    onAcknowledge();
    window.location.replace(paths.iniciarSesion);
  }, [opened, onAcknowledge]);
  return null;
}

const DialogoDiferido = lazy((): Promise<{ default: Dialogo }> =>
  precargarDialogoSesionExpirada().then(
    (Componente) => ({ default: Componente }),
    () => ({ default: SinDialogo }),
  ),
);

/** Renders nothing until the session first expires, then stays mounted (the modal's closing transition). */
function DialogoSesionExpirada({ opened, onAcknowledge }: DialogoProps) {
  const [Componente, setComponente] = useState<Dialogo | null>(null);
  if (opened && !Componente) setComponente(() => dialogoCargado ?? DialogoDiferido);
  if (!Componente) return null;
  return (
    <Suspense fallback={null}>
      <Componente opened={opened} onAcknowledge={onAcknowledge} />
    </Suspense>
  );
}

function usePrecargaConSesion(isAuthenticated: boolean) {
  useEffect(() => {
    if (!isAuthenticated || dialogoCargado) return;
    const precargar = () => void precargarDialogoSesionExpirada().catch(() => {});
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(precargar, { timeout: 10_000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(precargar, 3000);
    return () => clearTimeout(t);
  }, [isAuthenticated]);
}

const sinSesion = () => SNAPSHOT_SIN_SESION;

export function AuthProvider({ children, controller: given }: { children: ReactNode; controller?: SessionController }) {
  const [controller] = useState(() => given ?? createSessionController({ renew: renovarSesion }));
  // The server snapshot is used by the server render and while hydrating its HTML: signed out, like that HTML;
  // React then re-renders with the stored session. A page rendered only in the browser never uses it.
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, sinSesion);

  // A layout effect: it runs before the screens' passive effects, so an invalid stored token is gone
  // (and the guard has redirected) before any query could send it.
  useLayoutEffect(() => controller.start(), [controller]);

  // Any query or mutation that fails with 401 while a token is stored means the session died on the
  // server (revoked, user deactivated, idle timeout): the same as expiry. 'failed' fires on the first
  // attempt, before any retries.
  const queryClient = useContext(QueryClientContext);
  useEffect(() => {
    if (!queryClient) return;
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && (event.action.type === 'failed' || event.action.type === 'error')) {
        controller.handleApiError(event.action.error);
      }
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && (event.action.type === 'failed' || event.action.type === 'error')) {
        controller.handleApiError(event.action.error);
      }
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, controller]);

  const { token, isAuthenticated, userRole, userId } = snapshot;
  usePrecargaConSesion(isAuthenticated);
  const value = useMemo<AuthState>(
    () => ({ isAuthenticated, userRole, userId, token, login: controller.login, logout: controller.logout }),
    [isAuthenticated, userRole, userId, token, controller],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      <DialogoSesionExpirada opened={snapshot.expired} onAcknowledge={controller.acknowledgeExpiry} />
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth debe usarse dentro de AuthProvider');
  return ctx;
}
