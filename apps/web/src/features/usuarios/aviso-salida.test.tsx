// Issue 11.8: leaving an edited user form asks before discarding the changes; an untouched form leaves at once.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProveedoresDePrueba } from '../../test/carrito-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { carritoRutas } from '@clinica/contracts/rutas';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCrear() {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
  // The test providers load the cart of whoever is signed in.
  mockFetch([responde(carritoRutas.listar, { body: [] })]);
  const router = createMemoryRouter(
    [
      {
        path: '/crear-usuario',
        element: (
          <ProveedoresDePrueba>
            <CrearUsuarioScreen />
          </ProveedoresDePrueba>
        ),
      },
      { path: '/listarusuarios', element: <p>Lista de usuarios</p> },
    ],
    { initialEntries: ['/crear-usuario'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('leaving an edited form', { timeout: 45_000 }, () => {
  it('leaves an untouched form at once', async () => {
    const router = renderCrear();
    fireEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listarusuarios'));
  });

  it('asks first, stays on "Seguir editando" and leaves on "Salir sin guardar"', async () => {
    const router = renderCrear();
    fireEvent.change(screen.getByLabelText(/^Nombre completo/), { target: { value: 'Laura Gómez' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    let dialogo = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/crear-usuario');
    expect(screen.getByLabelText(/^Nombre completo/)).toHaveValue('Laura Gómez');

    fireEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    dialogo = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listarusuarios'));
  });
});
