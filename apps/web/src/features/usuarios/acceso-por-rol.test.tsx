// What each role sees on the user screens (issue 11.6): administrators create and edit anyone; the front desk
// registers patients (role fixed) and edits a patient's contact data only; /editarusuario/{id} edits user {id} for
// those allowed and shows the "no access" screen to the rest; the details screen also takes ?id=.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { MARTA_NUEVA, llenarCrearUsuario } from '../../test/formulario-persona.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import DetallesUsuarioScreen from './detalles-usuario-screen.tsx';
import EditarPerfilScreen from './editar-perfil-screen.tsx';
import EditarUsuarioAdminScreen from './editar-usuario-admin-screen.tsx';
import ListarUsuariosScreen from './listar-usuarios-screen.tsx';
import { type RutaSimulada, mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const marta = usuarioDePrueba({
  numerodocumento: '52123456',
  telefono: '3001112233',
  direccion: 'Calle 1 # 2-3',
  fecha_nacimiento: '1985-06-01',
});

function comoRol(rol: Rol, id = 1) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id, rol }));
}

describe('/crear-usuario by role', { timeout: 45_000 }, () => {
  it('gives the assistant "Registrar paciente": no role control, and the request always says paciente', async () => {
    comoRol('asistente');
    const { calls } = mockFetch([responde(usuariosRutas.crearAdmin, { status: 201, body: marta })]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    expect(screen.getByRole('heading', { name: 'Registrar paciente' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Rol/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Estado de la cuenta/)).not.toBeInTheDocument();
    llenarCrearUsuario(MARTA_NUEVA);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ rol: 'paciente', nombre: 'Marta Ríos' });
    expect(await screen.findByText('Paciente registrado')).toBeInTheDocument();
  });

  it('gives the administrator the full form with the role', () => {
    comoRol('administrador');
    mockFetch([]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    expect(screen.getByRole('heading', { name: 'Crear usuario' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Rol/ })).toBeInTheDocument();
  });

  it.each(['doctor', 'paciente'] as const)('shows a %s the no-access screen with a way back', (rol) => {
    comoRol(rol);
    mockFetch([]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi panel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

/** Renders an edit route for user 7 with the given extra API answers. */
function renderEditar(ruta: 'admin' | 'perfil', extra: RutaSimulada[] = []) {
  const fetch = mockFetch([responde(usuariosRutas.buscar, { body: marta }, { id: 7 }), ...extra]);
  if (ruta === 'admin')
    renderWithProviders(<EditarUsuarioAdminScreen />, {
      route: '/editarusuarioadmin/7',
      path: '/editarusuarioadmin/:id',
    });
  else renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
  return fetch;
}

describe.each(['admin', 'perfil'] as const)('editing user 7 through the %s route', { timeout: 45_000 }, (ruta) => {
  it('lets the assistant change only teléfono, dirección and correo, and sends only those', async () => {
    comoRol('asistente');
    const { calls } = renderEditar(ruta, [
      responde(usuariosRutas.editar, ({ body }) => ({ body: { ...marta, ...(body as object) } }), { id: 7 }),
    ]);
    const telefono = await screen.findByLabelText(/^Teléfono/);
    expect(calls[0]?.url.pathname).toMatch(/\/7$/);
    for (const editable of [/^Teléfono/, /^Dirección/, /^Correo electrónico/]) {
      expect(screen.getByLabelText(editable)).not.toHaveAttribute('readonly');
    }
    for (const fijo of [/^Nombre completo/, /^Fecha de nacimiento/, /^Número de documento/, /^Ocupación/]) {
      expect(screen.getByLabelText(fijo)).toHaveAttribute('readonly');
    }
    expect(screen.queryByRole('combobox', { name: /^Rol/ })).not.toBeInTheDocument();
    fireEvent.change(telefono, { target: { value: '3109998877' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ telefono: '3109998877' }]);
  });

  it('lets the administrator edit every field of user 7, role included (not their own profile)', async () => {
    comoRol('administrador', 1);
    const { calls } = renderEditar(ruta);
    expect(await screen.findByLabelText(/^Nombre completo/)).toHaveValue('Marta Ríos');
    expect(screen.getByLabelText(/^Nombre completo/)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: /^Rol/ })).toBeEnabled();
    expect(calls.map((c) => c.url.pathname).some((p) => p.endsWith('/perfil'))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Mi perfil' })).not.toBeInTheDocument();
  });

  it.each(['doctor', 'paciente'] as const)('shows a %s the no-access screen and loads nothing', (rol) => {
    comoRol(rol, 3);
    const { calls } = renderEditar(ruta);
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi panel' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the assistant a clear message when user 7 is not a patient (the API answers 404)', async () => {
    comoRol('asistente');
    mockFetch([
      respondeError(usuariosRutas.buscar, 404, 'NO_ENCONTRADO', 'No encontramos ese usuario.', { params: { id: 7 } }),
    ]);
    if (ruta === 'admin')
      renderWithProviders(<EditarUsuarioAdminScreen />, {
        route: '/editarusuarioadmin/7',
        path: '/editarusuarioadmin/:id',
      });
    else renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
    expect(await screen.findByText('No encontramos ese usuario')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });
});

describe('/editarusuario/{own id}', () => {
  it('is still one’s own profile', async () => {
    comoRol('administrador', 7);
    const { calls } = mockFetch([responde(usuariosRutas.perfil, { body: { ...marta, rol: 'administrador' } })]);
    renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
    expect(await screen.findByRole('heading', { name: 'Tus datos' })).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toMatch(/perfil$/);
  });
});

describe('/DetallesListarUsuarios?id=', () => {
  it('opens the user in the address, before any stored selection, and offers the assistant "Editar contacto"', async () => {
    sessionStorage.setItem('usuarioSeleccionado', '99');
    comoRol('asistente');
    const { calls } = mockFetch([responde(usuariosRutas.buscar, { body: marta }, { id: 7 })]);
    renderWithProviders(<DetallesUsuarioScreen />, { route: '/DetallesListarUsuarios?id=7' });
    expect(await screen.findByRole('heading', { name: 'Marta Ríos' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Editar contacto/ })).toHaveAttribute('href', '/editarusuarioadmin/7');
  });
});

describe('a patient on the user screens (issue 27.13)', () => {
  it.each([
    ['/listarusuarios', () => <ListarUsuariosScreen />],
    ['/DetallesListarUsuarios?id=7', () => <DetallesUsuarioScreen />],
    ['/DetallesListarUsuarios', () => <DetallesUsuarioScreen />],
  ] as const)('sees only the no-access screen on %s and asks the API nothing', (route, pantalla) => {
    comoRol('paciente', 5);
    const { calls } = mockFetch([]);
    renderWithProviders(pantalla(), { route });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'No tienes acceso a esta sección',
    ]);
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each(['doctor', 'paciente'] as const)('gives a %s on /crear-usuario one h1, the no-access one', (rol) => {
    comoRol(rol);
    mockFetch([]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
