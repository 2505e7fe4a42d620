// A doctor's professional registration number (Res. 1403 de 2007, issue 27.16): administrators set it on the edit
// form of a doctor (the field shows for doctors only), it is sent only when it changes, cleared as null, and the
// API's message lands on the field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import EditarUsuarioAdminScreen from './editar-usuario-admin-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const catalina = usuarioDePrueba({
  id: 3,
  nombre: 'Dra. Catalina Vélez',
  correo: 'doctora@demo.test',
  rol: 'doctor',
  numerodocumento: '43567890',
  telefono: '3157654321',
  fecha_nacimiento: '1983-11-21',
  ocupacion: 'Dermatóloga',
  estado_civil: 'soltero',
  registro_profesional: null,
});

const REGISTRO = /^Registro profesional/;

function editar(u: UsuarioWire, patch = responde(usuariosRutas.editar, { body: u }, { id: u.id })) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
  const fetch = mockFetch([responde(usuariosRutas.buscar, { body: u }, { id: u.id }), patch]);
  renderWithProviders(<EditarUsuarioAdminScreen />, {
    route: `/editarusuarioadmin/${u.id}`,
    path: '/editarusuarioadmin/:id',
  });
  return fetch;
}
const parches = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe("a doctor's professional registration number", { timeout: 45_000 }, () => {
  it('is asked on the edit form of a doctor, explained, and sent when it changes', async () => {
    const { calls } = editar(
      catalina,
      responde(usuariosRutas.editar, ({ body }) => ({ body: { ...catalina, ...(body as object) } }), {
        id: catalina.id,
      }),
    );
    const campo = await screen.findByRole('textbox', { name: REGISTRO });
    expect(campo).toHaveValue('');
    expect(campo).toHaveAccessibleDescription(/Resolución 1403 de 2007.*sin él no puede firmar/);
    fireEvent.change(campo, { target: { value: 'RM 05-204519' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(parches(calls)).toEqual([{ registro_profesional: 'RM 05-204519' }]);
  });

  it('is cleared as null, and a refusal from the API shows on the field', async () => {
    const conRegistro = { ...catalina, registro_profesional: 'RM 05-204519' };
    const { calls } = editar(
      conRegistro,
      respondeError(usuariosRutas.editar, 400, 'VALIDACION', 'Datos inválidos.', {
        issues: [{ campo: 'registro_profesional', mensaje: 'Ese registro no es válido' }],
        params: { id: catalina.id },
      }),
    );
    const campo = await screen.findByRole('textbox', { name: REGISTRO });
    expect(campo).toHaveValue('RM 05-204519');
    fireEvent.change(campo, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription(/Ese registro no es válido/));
    expect(parches(calls)).toEqual([{ registro_profesional: null }]);
  });

  it('is not on the form of anyone who is not a doctor', async () => {
    editar({ ...catalina, id: 8, rol: 'paciente', nombre: 'Marta Ríos' });
    expect(await screen.findByRole('textbox', { name: /^Nombre completo/ })).toHaveValue('Marta Ríos');
    expect(screen.queryByRole('textbox', { name: REGISTRO })).not.toBeInTheDocument();
  });
});
