// The session state machine behind AuthProvider (SPEC 3, 4, 5, 8), kept out of React so its timers and
// window events can be reasoned about (and tested) in one place. React reads it with useSyncExternalStore.
import { usuariosRutas } from '@clinica/contracts/rutas';
import { TOKEN_KEY } from '../api-client.ts';
import { getRoleFromToken, getTokenExpiryMs, getUserIdFromToken, decodePayload, isTokenValid } from './token.ts';

/** Dispatched on window when the auto-logout timer clears an expired session (SPEC 4). */
export const TOKEN_EXPIRED_EVENT = 'token-expired';
/**
 * Dispatched on window when the server rejects the stored session (HTTP 401) outside TanStack Query,
 * e.g. by the API client. detail: { path?: string; code?: string }.
 */
export const SESSION_REJECTED_EVENT = 'session-rejected';

/** Renew the token this long before it expires (the server's idle window is 30 min). */
export const RENEW_LEAD_MS = 3 * 60 * 1000;
/** The user counts as active with pointer or keyboard activity in this window. */
export const ACTIVE_WINDOW_MS = 5 * 60 * 1000;
/** After a renewal failure that is not a 401, wait this long before trying again. */
export const RENEW_RETRY_MS = 30 * 1000;
/** setTimeout fires at once for delays above 2^31-1 ms; longer waits are chained. */
const MAX_TIMEOUT_MS = 2_147_483_647;

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Requests that answer 401 for reasons other than a dead session; they never open the dialog. */
const NOT_SESSION_PATHS = [
  usuariosRutas.iniciarSesion.path,
  usuariosRutas.registrar.path,
  usuariosRutas.renovarSesion.path,
  usuariosRutas.cerrarSesion.path,
];

export type SessionSnapshot = {
  token: string | null;
  isAuthenticated: boolean;
  userRole: string | null;
  userId: number | null;
  /** The 'Sesión expirada' dialog is showing. */
  expired: boolean;
};

export type RenewResult = { ok: true; token: string } | { ok: false; status: number };

export type SessionControllerOptions = {
  /** Calls usuariosRutas.renovarSesion with the current token; resolves with the outcome, never rejects. */
  renew: () => Promise<RenewResult>;
  now?: () => number;
};

type Timer = ReturnType<typeof setTimeout>;

const SIGNED_OUT: Omit<SessionSnapshot, 'expired'> = {
  token: null,
  isAuthenticated: false,
  userRole: null,
  userId: null,
};

/**
 * What the server renders (it has no storage) and what hydration must therefore start from: a signed-in visitor's
 * header switches to their state right after hydration (auth-context.tsx).
 */
export const SNAPSHOT_SIN_SESION: SessionSnapshot = { ...SIGNED_OUT, expired: false };

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Is this error the server saying the stored session is no longer valid? */
export function isSessionRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { status?: unknown; code?: unknown };
  return e.status === 401 && e.code !== 'CREDENCIALES_INVALIDAS';
}

export function createSessionController(opts: SessionControllerOptions) {
  const now = opts.now ?? Date.now;
  const listeners = new Set<() => void>();

  // SPEC 4: on start a stored token means signed-in with the role from the token. start() then validates
  // it (logout and the dialog when it fails) before any screen can send a request with it.
  const stored = readStoredToken();
  let snapshot: SessionSnapshot = stored
    ? {
        token: stored,
        isAuthenticated: true,
        userRole: getRoleFromToken(stored),
        userId: getUserIdFromToken(stored),
        expired: false,
      }
    : { ...SIGNED_OUT, expired: false };

  let expiryTimer: Timer | undefined;
  let renewTimer: Timer | undefined;
  let lastActivity = now();
  let renewalDue = false;
  let renewing = false;
  let retryAfter = 0;
  /** exp (ms) of the token we last renewed from: a token that does not extend it is not renewed again. */
  let lastRenewedFromExp = -Infinity;

  function set(next: Partial<SessionSnapshot>) {
    snapshot = { ...snapshot, ...next };
    for (const l of listeners) l();
  }

  function clearTimers() {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    if (renewTimer !== undefined) clearTimeout(renewTimer);
    expiryTimer = undefined;
    renewTimer = undefined;
    renewalDue = false;
  }

  /** Runs fn at the absolute time `at` (ms), chaining timeouts longer than setTimeout allows. */
  function at(when: number, fn: () => void, assign: (t: Timer) => void) {
    const delay = when - now();
    if (delay > MAX_TIMEOUT_MS) assign(setTimeout(() => at(when, fn, assign), MAX_TIMEOUT_MS));
    else assign(setTimeout(fn, Math.max(0, delay)));
  }

  /** SPEC 4: logout removes the token, clears the flag, role and token, and cancels the timer. */
  function logout() {
    clearTimers();
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // storage unavailable: the in-memory session is still cleared
    }
    set(SIGNED_OUT);
  }

  /** SPEC 4: the timer clears the session and dispatches the token-expired window event. */
  function autoLogout() {
    logout();
    window.dispatchEvent(new Event(TOKEN_EXPIRED_EVENT));
  }

  /** Logs out and shows the 'Sesión expirada' dialog. */
  function expireSession() {
    logout();
    set({ expired: true });
  }

  function scheduleRenewal(token: string, expiresAt: number) {
    if (expiresAt <= lastRenewedFromExp) return;
    at(
      expiresAt - RENEW_LEAD_MS,
      () => {
        renewTimer = undefined;
        renewalDue = true;
        maybeRenew(token);
      },
      (t) => (renewTimer = t),
    );
  }

  /** SPEC 4: schedules the auto-logout at exp * 1000; an expired token logs out at once; no exp, never. */
  function scheduleAutoLogout(token: string) {
    try {
      const { exp } = decodePayload(token);
      if (exp === undefined || exp === null) return;
      if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error('exp no es un número');
      const expiresAt = exp * 1000;
      if (expiresAt <= now()) {
        autoLogout();
        return;
      }
      at(expiresAt, autoLogout, (t) => (expiryTimer = t));
      scheduleRenewal(token, expiresAt);
    } catch (err) {
      console.error('No se pudo programar el auto-logout', err);
    }
  }

  /** SPEC 4: stores the token, marks signed-in, reads the role and schedules the auto-logout. */
  function login(token: string) {
    // Signing in is activity; a renewal or another tab's sign-in is not (see applyToken).
    lastActivity = now();
    applyToken(token);
  }

  function applyToken(token: string) {
    clearTimers();
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // storage full or blocked: the session still works in this tab
    }
    set({
      token,
      isAuthenticated: true,
      userRole: getRoleFromToken(token),
      userId: getUserIdFromToken(token),
      expired: false,
    });
    scheduleAutoLogout(token);
  }

  function isActive() {
    return now() - lastActivity <= ACTIVE_WINDOW_MS;
  }

  /** Silent renewal: only while active, only for the token still in use, once per token. */
  function maybeRenew(token: string) {
    if (!renewalDue || renewing || !isActive() || now() < retryAfter) return;
    if (snapshot.token !== token || readStoredToken() !== token) return; // another tab renewed or signed out
    const expiresAt = getTokenExpiryMs(token);
    if (expiresAt === null || expiresAt <= now()) return;
    renewing = true;
    renewalDue = false;
    // renew() resolves with the outcome and never rejects (see SessionControllerOptions).
    void opts
      .renew()
      .then((res) => {
        if (res.ok) {
          if (snapshot.token === token) {
            lastRenewedFromExp = expiresAt;
            applyToken(res.token);
          }
        } else if (res.status !== 401) {
          // Network or server trouble: try again on later activity; a 401 lets expiry happen normally.
          retryAfter = now() + RENEW_RETRY_MS;
          if (snapshot.token === token) renewalDue = true;
        }
      })
      .finally(() => {
        renewing = false;
      });
  }

  function onActivity() {
    lastActivity = now();
    if (renewalDue && snapshot.token) maybeRenew(snapshot.token);
  }

  /** SPEC 4: another tab changed the stored token: a new value signs in with it, removal signs out. */
  function onStorage(e: StorageEvent) {
    if (e.key !== TOKEN_KEY && e.key !== null) return;
    if (e.storageArea && e.storageArea !== localStorage) return;
    const value = e.key === null ? null : e.newValue;
    if (value) {
      if (value !== snapshot.token) applyToken(value);
    } else if (snapshot.token || snapshot.isAuthenticated) {
      logout();
    }
  }

  /** SPEC 4: a stored token that fails validation triggers logout and the session-expired dialog. */
  function checkStoredToken() {
    if (!isTokenValid(readStoredToken(), now())) expireSession();
  }

  function onSessionRejected(e: Event) {
    const detail = (e as CustomEvent<{ path?: string; code?: string } | undefined>).detail;
    if (detail?.code === 'CREDENCIALES_INVALIDAS') return;
    if (detail?.path && NOT_SESSION_PATHS.some((p) => detail.path!.startsWith(p))) return;
    handleApiError({ status: 401, code: detail?.code });
  }

  /** A 401 from the server while a token is stored means the session died there: treat it as expiry. */
  function handleApiError(error: unknown) {
    if (isSessionRejection(error) && readStoredToken()) expireSession();
  }

  /** Attaches window listeners and applies the rules for the stored token. Returns the cleanup. */
  function start(): () => void {
    const storedNow = readStoredToken();
    if (storedNow) {
      if (isTokenValid(storedNow, now())) {
        if (snapshot.token !== storedNow || !snapshot.isAuthenticated) {
          set({
            token: storedNow,
            isAuthenticated: true,
            userRole: getRoleFromToken(storedNow),
            userId: getUserIdFromToken(storedNow),
          });
        }
        clearTimers();
        scheduleAutoLogout(storedNow);
      } else {
        expireSession();
      }
    } else if (snapshot.isAuthenticated) {
      set(SIGNED_OUT);
    }

    window.addEventListener('storage', onStorage);
    window.addEventListener(TOKEN_EXPIRED_EVENT, checkStoredToken);
    window.addEventListener(SESSION_REJECTED_EVENT, onSessionRejected);
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true, capture: true });
    return () => {
      clearTimers();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(TOKEN_EXPIRED_EVENT, checkStoredToken);
      window.removeEventListener(SESSION_REJECTED_EVENT, onSessionRejected);
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity, { capture: true });
    };
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    login,
    logout,
    expireSession,
    handleApiError,
    /** Closes the 'Sesión expirada' dialog. */
    acknowledgeExpiry: () => set({ expired: false }),
  };
}

export type SessionController = ReturnType<typeof createSessionController>;
