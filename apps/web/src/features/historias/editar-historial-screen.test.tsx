// /editarhistorialmedico/{id} (issue 9 item 2): the doctor's edit form with the API's validation, the success
// notice and the way back to the details, the unsaved-changes prompt, and a refused edit.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { carritoRutas, historiasRutas } from '@clinica/contracts/rutas';
import { ProveedoresDePrueba } from '../../test/carrito-test-utils.tsx';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import EditarHistorialScreen from './editar-historial-screen.tsx';
import { historia } from './historias-fixtures.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const doctor = () => localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol: 'doctor' }));

function renderEditar() {
  doctor();
  return renderWithProviders(<EditarHistorialScreen />, {
    route: '/editarhistorialmedico/4',
    path: '/editarhistorialmedico/:id',
  });
}

describe('EditarHistorialScreen', () => {
  it('checks like the API: details are required when contraceptives are ticked, nothing is sent', async () => {
    const { calls } = mockFetch([responde(historiasRutas.buscar, { body: historia({ id: 4 }) }, { id: 4 })]);
    renderEditar();
    const detalle = await screen.findByRole('textbox', { name: /^Método anticonceptivo/ });
    expect(detalle).toHaveValue('Implante subdérmico');
    expect(screen.getByRole('textbox', { name: 'Alergias' })).toHaveValue('Penicilina');
    expect(screen.getByRole('radio', { name: /^III · Piel clara/ })).toBeChecked();
    fireEvent.change(detalle, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cuéntanos qué método anticonceptivo usas')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saves the changes, says a new version was kept and goes back to the details', async () => {
    const { calls } = mockFetch([
      responde(historiasRutas.buscar, { body: historia({ id: 4 }) }, { id: 4 }),
      responde(historiasRutas.editar, { body: historia({ id: 4, version: 2, hipertension: true }) }, { id: 4 }),
    ]);
    renderEditar();
    const alergias = await screen.findByRole('textbox', { name: 'Alergias' });
    fireEvent.change(alergias, { target: { value: 'Penicilina\n  Látex \n\n' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hipertensión' }));
    fireEvent.click(screen.getByRole('radio', { name: /^IV · / }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Historia clínica actualizada')).toBeInTheDocument();
    expect(screen.getByText(/Guardamos la versión 2 de la historia de Lucía Pérez/)).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apihistorialmedico/editarhistorialclinico/4');
    expect(patch.body).toMatchObject({
      antecedentes: { alergias: ['Penicilina', 'Látex'], enfermedades: ['Hipotiroidismo'], cirugias_previas: [] },
      hipertension: true,
      usa_anticonceptivos: true,
      detalles_anticonceptivos: 'Implante subdérmico',
      fototipo: 4,
    });
    expect(patch.body).not.toHaveProperty('paciente_id');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/detalleshistorialmedico'));
  });

  it("shows a patient the API's refusal after their first visit, in its own words", async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 101, rol: 'paciente' }));
    const mensaje =
      'Tu historia clínica ya la actualiza tu doctor después de tu primera consulta. Si algo cambió, cuéntaselo en tu próxima cita.';
    mockFetch([
      responde(historiasRutas.buscar, { body: historia({ id: 4 }) }, { id: 4 }),
      responde(historiasRutas.editar, { status: 403, body: { error: mensaje, code: 'PROHIBIDO' } }, { id: 4 }),
    ]);
    renderWithProviders(<EditarHistorialScreen />, {
      route: '/editarhistorialmedico/4',
      path: '/editarhistorialmedico/:id',
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: '¿Tienes diabetes?' }));
    expect(screen.getByRole('link', { name: 'Volver a mi historia' })).toHaveAttribute(
      'href',
      '/mihistorialclinico/101',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alerta = await screen.findByRole('alert', { name: 'No pudimos guardar la historia clínica' });
    expect(alerta).toHaveTextContent(mensaje);
    expect(screen.getByTestId('location')).toHaveTextContent('/editarhistorialmedico/4');
  });

  it('says so when the API refuses the edit (403)', async () => {
    mockFetch([
      responde(
        historiasRutas.buscar,
        { status: 403, body: { error: 'No tienes permiso para esta acción', code: 'PROHIBIDO' } },
        { id: 4 },
      ),
    ]);
    renderEditar();
    expect(await screen.findByText('No puedes editar esta historia clínica')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', { timeout: 30_000 }, async () => {
    doctor();
    mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(historiasRutas.buscar, { body: historia({ id: 4 }) }, { id: 4 }),
    ]);
    const router = createMemoryRouter(
      [
        {
          path: '/editarhistorialmedico/:id',
          element: (
            <ProveedoresDePrueba>
              <EditarHistorialScreen />
            </ProveedoresDePrueba>
          ),
        },
        { path: '/detalleshistorialmedico', element: <p>Detalles</p> },
      ],
      { initialEntries: ['/editarhistorialmedico/4'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Diabetes' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editarhistorialmedico/4');
    expect(screen.getByRole('checkbox', { name: 'Diabetes' })).toBeChecked();
  });
});
