// Route guards (SPEC 2, 6): routes are guarded only by the presence of a stored token. Without one the visitor is
// sent to /iniciarsesion with the requested location in `state.from`, so sign-in (or registration, reached from
// there) can return there; the same state carries a service page's cart intent (issue 27.5).
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { TOKEN_KEY } from '../lib/api-client.ts';
import { useAuth } from '../lib/session/auth-context.tsx';
import { paths } from '../lib/paths.ts';

/**
 * Navigation state for the sign-in and registration screens: where to go back once signed in and, from a service
 * page's «Agregar al carrito», the treatment to add then (issue 27.5). It lives in the history entry, not in the URL,
 * so no link from elsewhere can carry it; the intent is only the procedure's id, and the server decides the rest.
 */
export type GuardState = {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  agregarAlCarrito?: number;
};

export function hasStoredToken(): boolean {
  try {
    return !!window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return false;
  }
}

/** Pages a return must never land on: signing in or out again, or the account screens themselves. */
const SIN_REGRESO: readonly string[] = [
  paths.iniciarSesion,
  paths.cerrarSesion,
  paths.cerrarSesionDashboard,
  paths.registrar,
  paths.recuperarContrasena,
  paths.restablecerContrasena,
];

const ORIGEN_DE_PRUEBA = 'http://clinica.invalid';

/**
 * A path of this site: one leading slash, then no slash or backslash (browsers read "/\x" as "//x", another host),
 * no control characters, and the URL it makes stays on this origin.
 */
function esRutaPropia(pathname: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!/^\/(?![/\\])/.test(pathname) || /[\\\u0000-\u001f\u007f]/.test(pathname)) return false;
  try {
    return new URL(pathname, ORIGEN_DE_PRUEBA).origin === ORIGEN_DE_PRUEBA;
  } catch {
    return false;
  }
}

/** The intent's procedure id when the state carries a valid one (1 to 9 digits, as the service page's route). */
export function intencionCarrito(state: unknown): number | null {
  const id = (state as GuardState | null | undefined)?.agregarAlCarrito;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id < 1e9 ? id : null;
}

/** The return state checked field by field, to pass on between sign-in and registration; undefined when empty. */
export function estadoDeRegreso(state: unknown): GuardState | undefined {
  const from = (state as GuardState | null | undefined)?.from;
  const salida: GuardState = {};
  if (from && typeof from.pathname === 'string' && esRutaPropia(from.pathname)) {
    salida.from = {
      pathname: from.pathname,
      search: typeof from.search === 'string' && from.search.startsWith('?') ? from.search : '',
      hash: typeof from.hash === 'string' && from.hash.startsWith('#') ? from.hash : '',
    };
  }
  const id = intencionCarrito(state);
  if (id !== null && salida.from) salida.agregarAlCarrito = id;
  return salida.from ? salida : undefined;
}

/** Where a return lands: the location the visitor came from when it is one to come back to. */
function regreso(state: unknown): GuardState['from'] | undefined {
  const from = estadoDeRegreso(state)?.from;
  return from && !SIN_REGRESO.includes(from.pathname) ? from : undefined;
}

/**
 * Where sign-in (or registration) should go back to: the location the visitor came from, else `fallback`.
 * Only paths of this site are returned (never a sign-in/sign-out loop or another host).
 */
export function getReturnPath(state: unknown, fallback: string = paths.dashboard): string {
  const from = regreso(state);
  return from ? `${from.pathname}${from.search}${from.hash}` : fallback;
}

/**
 * Just signed in or registered: the navigation back where the visitor came from (else /dashboard), replacing the
 * sign-in entry, with the cart intent if there was one (the service page adds the treatment and says so).
 */
export function navegacionTrasIniciarSesion(state: unknown): [string, { replace: true; state?: GuardState }] {
  const from = regreso(state);
  const id = intencionCarrito(state);
  if (!from) return [paths.dashboard, { replace: true }];
  return [
    `${from.pathname}${from.search}${from.hash}`,
    id === null ? { replace: true } : { replace: true, state: { agregarAlCarrito: id } },
  ];
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
