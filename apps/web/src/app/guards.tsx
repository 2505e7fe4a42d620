// Route guards (SPEC 2, 6): routes are guarded only by the presence of a stored token. Without one the visitor is
// sent to /iniciarsesion with the requested location in `state.from`, so sign-in can return there.
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { TOKEN_KEY } from '../lib/api-client.ts';
import { useAuth } from '../lib/session/auth-context.tsx';
import { paths } from '../lib/paths.ts';

/** Navigation state the guard leaves for the sign-in screen. */
export type GuardState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

export function hasStoredToken(): boolean {
  try {
    return !!window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return false;
  }
}

/**
 * Where sign-in should go back to: the guarded location the visitor asked for, else `fallback`.
 * Only same-app paths are returned (never a sign-in/sign-out loop or an external URL).
 */
export function getReturnPath(state: unknown, fallback: string = paths.dashboard): string {
  const from = (state as GuardState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return fallback;
  }
  if ([paths.iniciarSesion, paths.cerrarSesion, paths.cerrarSesionDashboard].includes(from.pathname as never)) {
    return fallback;
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Renders its child routes only when a token is stored. */
export function RequireToken() {
  const location = useLocation();
  // Subscribing to the session re-renders the guard when this tab signs out.
  useAuth();
  if (!hasStoredToken()) {
    const state: GuardState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.iniciarSesion} replace state={state} />;
  }
  return <Outlet />;
}
