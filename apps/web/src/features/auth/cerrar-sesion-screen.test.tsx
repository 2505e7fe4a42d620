import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { readAuth, renderWithProviders } from '../../test/session-test-utils.tsx';
import CerrarSesionScreen, { destinoTrasCerrarSesion } from './cerrar-sesion-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => vi.unstubAllGlobals());

describe('CerrarSesionScreen', () => {
  it('chooses the destination by whether the path contains /dashboard (SPEC 2)', () => {
    expect(destinoTrasCerrarSesion('/dashboard/cerrarsesion')).toBe('/iniciarsesion');
    expect(destinoTrasCerrarSesion('/cerrarsesion')).toBe('/inicio');
  });

  it('/dashboard/cerrarsesion revokes the session, signs out and replaces history with /iniciarsesion', async () => {
    const token = tokenExpiringIn(1800, { id: 3, rol: 'doctor' });
    localStorage.setItem('token', token);
    const { calls } = mockFetch([responde(usuariosRutas.cerrarSesion, { body: { mensaje: 'Cerraste tu sesión.' } })]);
    renderWithProviders(<CerrarSesionScreen />, { route: '/dashboard/cerrarsesion' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/iniciarsesion'));
    expect(screen.getByTestId('location').dataset.type).toBe('REPLACE');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(readAuth(screen.getByTestId).isAuthenticated).toBe(false);
  });

  it('/cerrarsesion ignores a failing server and goes to /inicio', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 3, rol: 'paciente' }));
    mockFetch([respondeError(usuariosRutas.cerrarSesion, 401, 'NO_AUTENTICADO', 'Sesión no válida')]);
    renderWithProviders(<CerrarSesionScreen />, { route: '/cerrarsesion' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inicio'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
