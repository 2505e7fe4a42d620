import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { renderComoRol } from '../../test/como-rol.tsx';
import ListarUsuariosScreen from './listar-usuarios-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function usuario(id: number, nombre: string, extra: Partial<UsuarioWire> = {}): UsuarioWire {
  return {
    id,
    nombre,
    correo: `${nombre.split(' ')[0]!.toLowerCase()}@demo.test`,
    rol: 'paciente',
    estado: true,
    tipodocumento: 'CC',
    numerodocumento: String(10000000 + id),
    telefono: null,
    direccion: null,
    genero: null,
    fecha_nacimiento: null,
    ocupacion: null,
    estado_civil: null,
    fecha_registro: null,
    ...extra,
  };
}

const ana = usuario(2, 'Ana Torres');
const luis = usuario(3, 'Luis Pérez', { rol: 'doctor', estado: false });

const renderLista = (rol: Rol, route = '/listarusuarios') =>
  renderComoRol(rol, <ListarUsuariosScreen />, route, '/listarusuarios');

describe('ListarUsuariosScreen', () => {
  it('administrators see everyone with role, state as text, total and all actions', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, { body: { items: [ana, luis], total: 2, pagina: 1, porPagina: 10 } }),
    ]);
    renderLista('administrador');
    const table = await screen.findByRole('table');
    const filas = within(table).getAllByRole('row');
    expect(filas).toHaveLength(3);
    expect(within(filas[1]!).getByText('Activo')).toBeInTheDocument();
    expect(within(filas[2]!).getByText('Inactivo')).toBeInTheDocument();
    expect(within(filas[2]!).getByText('Doctor')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1–2 de 2 usuarios')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Rol').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Editar a Ana Torres' })).toHaveAttribute('href', '/editarusuarioadmin/2');
    expect(screen.getByRole('button', { name: 'Desactivar a Ana Torres' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar a Luis Pérez' })).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('rol')).toBeNull();
    expect(calls[0]?.url.searchParams.get('porPagina')).toBe('10');
  });

  it('assistants see patients only, register patients and edit their contact data, without admin actions', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, { body: { items: [ana], total: 1, pagina: 1, porPagina: 10 } }),
    ]);
    renderLista('asistente');
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Pacientes' })).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('rol')).toBe('paciente');
    expect(screen.queryAllByLabelText('Rol')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Registrar paciente' })).toHaveAttribute('href', '/crear-usuario');
    expect(screen.queryByRole('link', { name: 'Crear usuario' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar el contacto de Ana Torres' })).toHaveAttribute(
      'href',
      '/editarusuarioadmin/2',
    );
    expect(screen.queryByRole('button', { name: /Desactivar a/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver detalles de Ana Torres' })).toBeInTheDocument();
  });

  it('doctors see patients only, without creating, editing or admin actions', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, { body: { items: [ana], total: 1, pagina: 1, porPagina: 10 } }),
    ]);
    renderLista('doctor');
    await screen.findByRole('table');
    expect(calls[0]?.url.searchParams.get('rol')).toBe('paciente');
    expect(screen.queryByRole('link', { name: /Registrar paciente|Crear usuario/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Desactivar a/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver detalles de Ana Torres' })).toBeInTheDocument();
  });

  it('searches on the server after the person stops typing', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, ({ url }) =>
        url.searchParams.get('q') === 'torres'
          ? { body: { items: [ana], total: 1, pagina: 1, porPagina: 10 } }
          : { body: { items: [ana, luis], total: 2, pagina: 1, porPagina: 10 } },
      ),
    ]);
    renderLista('administrador');
    await screen.findByRole('table');
    const buscar = screen.getByRole('textbox', { name: 'Buscar' });
    fireEvent.change(buscar, { target: { value: 'tor' } });
    fireEvent.change(buscar, { target: { value: 'torres' } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('q') === 'torres')).toBe(true));
    expect(calls.some((c) => c.url.searchParams.get('q') === 'tor')).toBe(false);
    expect(await screen.findByText('Mostrando 1–1 de 1 usuario')).toBeInTheDocument();
  });

  it('ver detalles stores the id in sessionStorage and opens /DetallesListarUsuarios', async () => {
    mockFetch([responde(usuariosRutas.listar, { body: { items: [ana], total: 1, pagina: 1, porPagina: 10 } })]);
    renderLista('doctor');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de Ana Torres' }));
    expect(sessionStorage.getItem('usuarioSeleccionado')).toBe('2');
    expect(screen.getByTestId('location')).toHaveTextContent('/DetallesListarUsuarios');
  });

  it('deactivating asks for confirmation, says what happens, then calls editarestadousuario', async () => {
    let estado = true;
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, () => ({
        body: { items: [{ ...ana, estado }], total: 1, pagina: 1, porPagina: 10 },
      })),
      responde(
        usuariosRutas.editarEstado,
        ({ body }) => {
          estado = (body as { estado: boolean }).estado;
          return { body: { ...ana, estado } };
        },
        { id: 2 },
      ),
    ]);
    renderLista('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Ana Torres' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar a Ana Torres?' });
    expect(dialog).toHaveTextContent('no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato');
    // Whoever the person is (issue 27.12: "volver a activarlo" for a woman), the text fits.
    expect(dialog).toHaveTextContent('puedes volver a activar su cuenta cuando quieras');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Cuenta desactivada')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ estado: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activar a Ana Torres' })).toBeInTheDocument());
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, { body: { items: [ana], total: 1, pagina: 1, porPagina: 10 } }),
    ]);
    renderLista('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Ana Torres' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('shows an empty state with a way to clear filters, and an error state with retry', async () => {
    mockFetch([responde(usuariosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 10 } })]);
    const { unmount } = renderLista('administrador', '/listarusuarios?q=zzz');
    expect(await screen.findByText('No encontramos coincidencias')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    mockFetch([respondeError(usuariosRutas.listar, 500, 'ERROR_INTERNO', 'Ocurrió un error inesperado.')]);
    renderLista('administrador');
    expect(await screen.findByText('No pudimos cargar la información')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
