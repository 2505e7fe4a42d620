// The user forms on @mantine/form: what an administrator's create form sends (selects as the contracts expect),
// a duplicate document shown on its field until it changes, and one's profile sending only what changed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import EditarPerfilScreen from './editar-perfil-screen.tsx';
import { escribir, llenarCrearUsuario } from '../../test/formulario-persona.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { laura, preferenciasSoloCorreo } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// The create form has a dozen fields, a date picker among them: filling it takes long on a busy 2-core machine.
describe('CrearUsuarioScreen', { timeout: 45_000 }, () => {
  function renderCrear(routes: Parameters<typeof mockFetch>[0]) {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
    const fetch = mockFetch(routes);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    return fetch;
  }

  const llenar = () =>
    llenarCrearUsuario({
      nombre: 'Laura Gómez',
      fecha_nacimiento: '1990-04-12',
      numerodocumento: '1020304050',
      correo: 'laura@demo.test',
      telefono: '300 123 4567',
    });

  it('sends empty optional fields as null and the chosen options as their values', async () => {
    const { calls } = renderCrear([responde(usuariosRutas.crearAdmin, { status: 201, body: laura })]);
    // Nothing chosen shows the placeholder, not an empty option.
    expect(screen.getByRole('combobox', { name: /^Estado civil/ })).toHaveValue('');
    llenar();
    expect(screen.getByRole('combobox', { name: /^Género/ })).toHaveValue('Femenino');
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/DetallesListarUsuarios'));
    expect(calls[0]?.body).toEqual({
      nombre: 'Laura Gómez',
      tipodocumento: 'CC',
      numerodocumento: '1020304050',
      correo: 'laura@demo.test',
      contrasena: 'una frase larga y mía',
      telefono: '300 123 4567',
      genero: 'femenino',
      fecha_nacimiento: '1990-04-12',
      rol: 'paciente',
      direccion: null,
      ocupacion: null,
      estado_civil: null,
      autorizacion_datos: false,
    });
  });

  it('shows a duplicate document on its field until the number changes', async () => {
    renderCrear([
      respondeError(usuariosRutas.crearAdmin, 409, 'DOCUMENTO_DUPLICADO', 'Ya existe un usuario con ese documento.'),
    ]);
    llenar();
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    const numero = screen.getByLabelText(/^Número de documento/);
    await waitFor(() => expect(numero).toHaveAttribute('aria-invalid', 'true'));
    expect(numero).toHaveAccessibleDescription(/Ya existe un usuario con ese documento\./);
    await waitFor(() => expect(numero).toHaveFocus());
    escribir(/^Número de documento/, '1020304051');
    expect(numero).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('EditarPerfilScreen', { timeout: 45_000 }, () => {
  it('sends only what changed, then starts again from the saved values', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
    // The server keeps what was saved: the profile is read again after the change.
    let guardado = laura;
    const { calls } = mockFetch([
      responde(usuariosRutas.perfil, () => ({ body: guardado })),
      preferenciasSoloCorreo,
      responde(usuariosRutas.editarPerfil, ({ body }) => {
        guardado = { ...guardado, ...(body as Partial<UsuarioWire>) };
        return { body: guardado };
      }),
    ]);
    renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/4', path: '/editarusuario/:id' });
    await screen.findByRole('heading', { name: 'Tus datos' });
    escribir(/^Teléfono/, '310 555 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ telefono: '310 555 0000' }]);
    expect(screen.getByLabelText(/^Teléfono/)).toHaveValue('310 555 0000');
    const guardar = screen.getByRole('button', { name: 'Guardar cambios' });
    await waitFor(() => expect(guardar).toBeEnabled());
    fireEvent.click(guardar);
    expect(await screen.findByText('Sin cambios')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('asks for the current password and the confirmation before sending', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
    const { calls } = mockFetch([responde(usuariosRutas.perfil, { body: laura }), preferenciasSoloCorreo]);
    renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/4', path: '/editarusuario/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Escribe tu contraseña actual')).toBeInTheDocument();
    expect(screen.getByText('Escribe de nuevo la nueva contraseña')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Contraseña actual/)).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});
