import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { carritoRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { api } from '../api-client.ts';
import { precargarDialogoSesionExpirada, useAuth, type AuthState } from './auth-context.tsx';
import { ACTIVE_WINDOW_MS, RENEW_LEAD_MS, SESSION_REJECTED_EVENT, TOKEN_EXPIRED_EVENT } from './session-controller.ts';
import { makeToken, tokenExpiringIn } from '../../test/test-tokens.ts';
import { readAuth, renderWithProviders } from '../../test/session-test-utils.tsx';
import { jsonResponse, mockFetch, responde } from '../../test/mock-fetch.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

let auth: AuthState;
function Capture() {
  const current = useAuth();
  useEffect(() => {
    auth = current;
  });
  return <p>Panel privado</p>;
}

function renderSession(route = '/dashboard') {
  return renderWithProviders(<Capture />, { route, path: '/dashboard', routes: null });
}

function state() {
  return readAuth(screen.getByTestId);
}

function location() {
  const el = screen.getByTestId('location');
  return { pathname: el.textContent, type: el.dataset.type };
}

function allowConsoleErrors() {
  const spy = vi.mocked(console.error);
  spy.mockImplementation(() => {});
  return spy;
}

function storageEvent(key: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  });
}

// The dialog's code is loaded on demand in the app; loaded here first, it renders in the same act() as the expiry.
beforeAll(async () => {
  await precargarDialogoSesionExpirada();
});
beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('start', () => {
  it('without a stored token the user is signed out and no dialog shows', () => {
    renderSession();
    expect(state()).toEqual({ isAuthenticated: false, userRole: null, userId: null, token: null });
    expect(screen.queryByText('Sesión expirada')).not.toBeInTheDocument();
  });

  it('a valid stored token means signed in with the role and id from the token', () => {
    const token = tokenExpiringIn(600, { id: 42, rol: 'doctor' }, NOW);
    localStorage.setItem('token', token);
    renderSession();
    expect(state()).toEqual({ isAuthenticated: true, userRole: 'doctor', userId: 42, token });
  });

  it('a stored token that fails validation logs out and shows the dialog; Entendido goes to /iniciarsesion replacing history', () => {
    localStorage.setItem('token', tokenExpiringIn(-10, {}, NOW));
    renderSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(state().isAuthenticated).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Sesión expirada' });
    expect(dialog).toHaveTextContent('Tu sesión ha caducado. Por favor, inicia sesión de nuevo.');
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(location()).toEqual({ pathname: '/iniciarsesion', type: 'REPLACE' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a stored token without exp or with a bad format also fails validation', () => {
    localStorage.setItem('token', makeToken({ id: 1, rol: 'paciente' }));
    const { unmount } = renderSession();
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    unmount();
    // Reading the role of the stored token reports its bad format (SPEC 8), then validation fails.
    const spy = allowConsoleErrors();
    localStorage.setItem('token', 'no-es-un-jwt');
    renderSession();
    expect(spy).toHaveBeenCalledWith('Token JWT inválido: formato incorrecto');
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
    expect(state().isAuthenticated).toBe(false);
  });
});

describe('login and logout', () => {
  it('login stores the token, marks signed in and reads role (claim order) and id (id, userId, sub)', () => {
    renderSession();
    const token = makeToken({
      sub: '9',
      userId: 8,
      tipo_usuario: 'asistente',
      userRole: 'otro',
      exp: NOW / 1000 + 600,
    });
    act(() => auth.login(token));
    expect(localStorage.getItem('token')).toBe(token);
    expect(state()).toEqual({ isAuthenticated: true, userRole: 'asistente', userId: 8, token });
  });

  it('login with a token that is not three parts: role null and the format message', () => {
    const spy = allowConsoleErrors();
    renderSession();
    act(() => auth.login('dos.partes'));
    expect(state()).toMatchObject({ isAuthenticated: true, userRole: null, token: 'dos.partes' });
    expect(spy).toHaveBeenCalledWith('Token JWT inválido: formato incorrecto');
    expect(spy).toHaveBeenCalledWith('No se pudo programar el auto-logout', expect.any(Error));
  });

  it('login with an undecodable payload logs the decoding error and the scheduling failure', () => {
    const spy = allowConsoleErrors();
    renderSession();
    act(() => auth.login('a.no-es-json.c'));
    expect(state()).toMatchObject({ isAuthenticated: true, userRole: null });
    expect(spy).toHaveBeenCalledWith('Error al decodificar el token', expect.any(Error));
    expect(spy).toHaveBeenCalledWith('No se pudo programar el auto-logout', expect.any(Error));
  });

  it('logout removes the token, clears flag, role and token, and cancels the timer', () => {
    const expired = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, expired);
    renderSession();
    act(() => auth.login(tokenExpiringIn(60, { id: 3, rol: 'paciente' }, NOW)));
    act(() => auth.logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(state()).toEqual({ isAuthenticated: false, userRole: null, userId: null, token: null });
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(expired).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.removeEventListener(TOKEN_EXPIRED_EVENT, expired);
  });
});

describe('auto-logout', () => {
  it('fires exactly at exp * 1000, clears the session, dispatches token-expired and shows the dialog', () => {
    const expired = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, expired);
    renderSession();
    const exp = NOW / 1000 + 90;
    act(() => auth.login(makeToken({ id: 1, rol: 'paciente', exp })));
    act(() => {
      vi.advanceTimersByTime(exp * 1000 - NOW - 1);
    });
    expect(state().isAuthenticated).toBe(true);
    expect(expired).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(Date.now()).toBe(exp * 1000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(state()).toEqual({ isAuthenticated: false, userRole: null, userId: null, token: null });
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
    window.removeEventListener(TOKEN_EXPIRED_EVENT, expired);
  });

  it('also fires for a valid token found in storage at start', () => {
    localStorage.setItem('token', tokenExpiringIn(30, {}, NOW));
    renderSession();
    expect(state().isAuthenticated).toBe(true);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(state().isAuthenticated).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });

  it('an already-expired token logs out at once', () => {
    const expired = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, expired);
    renderSession();
    act(() => auth.login(tokenExpiringIn(-1, {}, NOW)));
    expect(state().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    window.removeEventListener(TOKEN_EXPIRED_EVENT, expired);
  });

  it('a token without exp is never auto-logged-out', () => {
    const expired = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, expired);
    renderSession();
    const token = makeToken({ id: 1, rol: 'doctor' });
    act(() => auth.login(token));
    act(() => {
      vi.advanceTimersByTime(400 * 24 * 60 * 60 * 1000);
    });
    expect(state()).toMatchObject({ isAuthenticated: true, token });
    expect(expired).not.toHaveBeenCalled();
    window.removeEventListener(TOKEN_EXPIRED_EVENT, expired);
  });

  it('waits correctly for expiries beyond the setTimeout limit (~24.8 days)', () => {
    renderSession();
    const exp = NOW / 1000 + 30 * 24 * 60 * 60;
    act(() => auth.login(makeToken({ id: 1, exp })));
    act(() => {
      vi.advanceTimersByTime(exp * 1000 - NOW - 1);
    });
    expect(state().isAuthenticated).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(state().isAuthenticated).toBe(false);
  });

  it('the token-expired event only logs out when the stored token fails validation', () => {
    const token = tokenExpiringIn(600, {}, NOW);
    localStorage.setItem('token', token);
    renderSession();
    act(() => {
      window.dispatchEvent(new Event(TOKEN_EXPIRED_EVENT));
    });
    expect(state().isAuthenticated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    localStorage.setItem('token', 'roto');
    act(() => {
      window.dispatchEvent(new Event(TOKEN_EXPIRED_EVENT));
    });
    expect(state().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });
});

describe('other tabs (storage event)', () => {
  it('a new token value signs in with it; removal signs out', () => {
    renderSession();
    const token = tokenExpiringIn(600, { id: 11, rol: 'administrador' }, NOW);
    localStorage.setItem('token', token); // what the other tab did
    storageEvent('token', token);
    expect(state()).toEqual({ isAuthenticated: true, userRole: 'administrador', userId: 11, token });

    localStorage.removeItem('token');
    storageEvent('token', null);
    expect(state()).toEqual({ isAuthenticated: false, userRole: null, userId: null, token: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a token changed in another tab replaces this one and reschedules the auto-logout', () => {
    renderSession();
    act(() => auth.login(tokenExpiringIn(60, { id: 1 }, NOW)));
    const renewed = tokenExpiringIn(600, { id: 1 }, NOW);
    localStorage.setItem('token', renewed);
    storageEvent('token', renewed);
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(state()).toMatchObject({ isAuthenticated: true, token: renewed });
  });

  it('clearing storage in another tab signs out; other keys are ignored', () => {
    localStorage.setItem('token', tokenExpiringIn(600, {}, NOW));
    renderSession();
    storageEvent('tema', 'dark');
    expect(state().isAuthenticated).toBe(true);
    localStorage.clear();
    storageEvent(null, null);
    expect(state().isAuthenticated).toBe(false);
  });
});

describe('silent renewal', () => {
  function renewRoute(newToken: string, status: 200 | 401 = 200) {
    return mockFetch([
      responde(
        usuariosRutas.renovarSesion,
        status === 200
          ? { body: { token: newToken } }
          : { status: 401, body: { error: 'Tu sesión expiró.', code: 'NO_AUTENTICADO' } },
      ),
    ]);
  }

  /** Signs in with `token` (30 minutes left), and the user types `antes` ms before the renewal point. */
  async function activaAntesDeRenovar(token: string, antes: number) {
    renderSession();
    act(() => auth.login(token));
    act(() => {
      vi.advanceTimersByTime(30 * 60 * 1000 - RENEW_LEAD_MS - antes);
    });
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(antes);
    });
  }

  it('renews a few minutes before exp while the user is active, with the current token', async () => {
    const first = tokenExpiringIn(30 * 60, { id: 5, rol: 'doctor' }, NOW);
    const second = tokenExpiringIn(60 * 60, { id: 5, rol: 'doctor' }, NOW);
    const { calls } = renewRoute(second);
    // Active shortly before the renewal point.
    await activaAntesDeRenovar(first, 60_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${first}`);
    expect(localStorage.getItem('token')).toBe(second);
    expect(state().token).toBe(second);
    // The old expiry passes without logging out: the new token's timer replaced it.
    act(() => {
      vi.advanceTimersByTime(RENEW_LEAD_MS + 1000);
    });
    expect(state().isAuthenticated).toBe(true);
  });

  it('does not renew while idle, and renews on the next activity before expiry', async () => {
    const first = tokenExpiringIn(30 * 60, {}, NOW);
    const second = tokenExpiringIn(60 * 60, {}, NOW);
    const { calls } = renewRoute(second);
    renderSession();
    act(() => auth.login(first));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60 * 1000 - RENEW_LEAD_MS + 1000);
    });
    expect(Date.now() - NOW).toBeGreaterThan(ACTIVE_WINDOW_MS);
    expect(calls).toHaveLength(0);
    await act(async () => {
      fireEvent.pointerDown(document.body);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(1);
    expect(state().token).toBe(second);
  });

  it('a 401 on renewal lets the expiry happen normally', async () => {
    const first = tokenExpiringIn(30 * 60, {}, NOW);
    const { calls } = renewRoute('', 401);
    await activaAntesDeRenovar(first, 1000);
    expect(calls).toHaveLength(1);
    expect(state()).toMatchObject({ isAuthenticated: true, token: first });
    fireEvent.keyDown(window, { key: 'b' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RENEW_LEAD_MS);
    });
    expect(calls).toHaveLength(1);
    expect(state().isAuthenticated).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });
});

/** A screen's query through the API client (the profile); it shows the query's status. */
function Perfil() {
  const q = useQuery({ queryKey: ['perfil-prueba'], queryFn: () => api(usuariosRutas.perfil) });
  return <p>{q.status}</p>;
}

describe('invalid stored token and requests', () => {
  it('is removed before any screen query can send it', async () => {
    localStorage.setItem('token', tokenExpiringIn(-30, {}, NOW));
    const fetchSpy = vi.fn(async () =>
      jsonResponse(401, { error: 'Debes iniciar sesión para continuar.', code: 'NO_AUTENTICADO' }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<Perfil />, { route: '/dashboard' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const calls = fetchSpy.mock.calls as unknown as [string, RequestInit][];
    for (const [, init] of calls) expect(new Headers(init.headers).has('authorization')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });
});

describe('server rejects the session (401)', () => {
  it('a query failing with 401 while a token is stored logs out and shows the dialog', async () => {
    localStorage.setItem('token', tokenExpiringIn(600, {}, NOW));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: 'Tu sesión expiró.', code: 'NO_AUTENTICADO' })),
    );
    renderWithProviders(<Perfil />, { route: '/dashboard' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(state().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });

  it('wrong credentials (401 CREDENCIALES_INVALIDAS) do not count as an expired session', async () => {
    localStorage.setItem('token', tokenExpiringIn(600, {}, NOW));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { error: 'Correo o contraseña incorrectos.', code: 'CREDENCIALES_INVALIDAS' }),
      ),
    );
    renderWithProviders(<Perfil />, { route: '/dashboard' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(state().isAuthenticated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the session-rejected window event (from the API client) does the same, except for sign-in paths', () => {
    localStorage.setItem('token', tokenExpiringIn(600, {}, NOW));
    renderSession();
    act(() => {
      window.dispatchEvent(
        new CustomEvent(SESSION_REJECTED_EVENT, {
          detail: { path: usuariosRutas.renovarSesion.path, code: 'NO_AUTENTICADO' },
        }),
      );
    });
    expect(state().isAuthenticated).toBe(true);
    act(() => {
      window.dispatchEvent(
        new CustomEvent(SESSION_REJECTED_EVENT, {
          detail: { path: carritoRutas.listar.path, code: 'NO_AUTENTICADO' },
        }),
      );
    });
    expect(state().isAuthenticated).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Sesión expirada' })).toBeInTheDocument();
  });
});
