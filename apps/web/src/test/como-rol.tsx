// A screen rendered for a signed-in role (user 1), and the two checks every administration screen shares: a failed
// list shows the error state with a retry, and any other role sees only the no-access screen without an API call.
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import type { RutaApi } from '@clinica/contracts/rutas';
import { mockFetch, responde } from './mock-fetch.ts';
import { renderWithProviders } from './session-test-utils.tsx';
import { tokenExpiringIn } from './test-tokens.ts';

export function renderComoRol(rol: Rol, ui: ReactElement, route: string, path = route.split('?')[0]) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
  return renderWithProviders(ui, { route, path });
}

/** The error state and the no-access screen of an administrators' screen that loads `lista` on arrival. */
export function pruebasSoloAdministradores(lista: RutaApi, renderPantalla: (rol: Rol) => unknown) {
  it('shows an error state with a retry', async () => {
    mockFetch([responde(lista, { status: 500, body: { error: 'Falló algo.', code: 'ERROR_INTERNO' } })]);
    renderPantalla('administrador');
    expect(await screen.findByText('Falló algo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it.each(['paciente', 'asistente', 'doctor'] as const)(
    '%s gets the no-access screen without calling the API',
    (rol) => {
      const { calls } = mockFetch([]);
      renderPantalla(rol);
      expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
  );
}
