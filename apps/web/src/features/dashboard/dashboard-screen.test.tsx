import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../lib/session/test-tokens.ts';
import { mockFetch, renderWithProviders } from '../../lib/session/test-utils.tsx';
import DashboardScreen from './dashboard-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const perfil = (nombre: string, rol: string) => ({
  id: 1,
  nombre,
  correo: 'x@demo.test',
  rol,
  estado: true,
  tipodocumento: 'CC',
  numerodocumento: '123456',
  telefono: null,
  direccion: null,
  genero: null,
  fecha_nacimiento: null,
  ocupacion: null,
  estado_civil: null,
  fecha_registro: null,
});

function renderAs(rol: string) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
  return renderWithProviders(<DashboardScreen />, { route: '/dashboard' });
}

describe('DashboardScreen', () => {
  it('greets an administrator and shows user totals read from listarusuarios', async () => {
    const totales: Record<string, number> = { administrador: 1, doctor: 2, asistente: 3, paciente: 40 };
    mockFetch([
      { path: '/apiusuarios/perfil', body: perfil('Laura Restrepo', 'administrador') },
      {
        path: '/apiusuarios/listarusuarios',
        respond: (_b, url) => {
          const rol = url.searchParams.get('rol');
          const total = rol ? totales[rol]! : url.searchParams.get('estado') === 'false' ? 4 : 0;
          return { body: { items: [], total, pagina: 1, porPagina: 1 } };
        },
      },
      { path: '/apiprocedimientos/listarprocedimiento', body: { items: [], total: 18, pagina: 1, porPagina: 1 } },
      { path: '/apicategoriaprocedimientos/listarcategorias', body: [{}, {}, {}] },
    ]);
    renderAs('administrador');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Laura' })).toBeInTheDocument();
    const resumen = screen.getByRole('region', { name: 'Personas registradas' });
    expect(await within(resumen).findByText('46 personas tienen cuenta en la clínica.')).toBeInTheDocument();
    expect(within(resumen).getByRole('link', { name: /Activos\s*42/ })).toHaveAttribute(
      'href',
      '/listarusuarios?estado=true',
    );
    expect(within(resumen).getByRole('link', { name: /Inactivos\s*4/ })).toBeInTheDocument();
    expect(within(resumen).getByRole('link', { name: /Pacientes\s*40/ })).toHaveAttribute(
      'href',
      '/listarusuarios?rol=paciente',
    );
    expect(await screen.findByText('18 procedimientos')).toBeInTheDocument();
    expect(screen.getByText('3 categorías')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Crear usuario/ })).toHaveAttribute('href', '/crear-usuario');
  });

  it('shows a patient their shortcuts, with the real cart count and a link to their own profile', async () => {
    mockFetch([
      { path: '/apiusuarios/perfil', body: perfil('María Fernanda López', 'paciente') },
      { path: '/apicarrito/listarmicarrito', body: [{ id: 1 }, { id: 2 }] },
    ]);
    renderAs('paciente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, María' })).toBeInTheDocument();
    expect(await screen.findByText('2 tratamientos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Servicios/ })).toHaveAttribute('href', '/servicios');
    expect(screen.getByRole('link', { name: /Mi carrito/ })).toHaveAttribute('href', '/carrito');
    expect(screen.getByRole('link', { name: /Mi perfil/ })).toHaveAttribute('href', '/editarusuario/1');
    expect(screen.queryByText(/Personas registradas/)).not.toBeInTheDocument();
  });

  it('does not invent a count that failed to load', async () => {
    mockFetch([
      { path: '/apiusuarios/perfil', body: perfil('Dr. Andrés Gómez', 'doctor') },
      { path: '/apiusuarios/listarusuarios', status: 500, body: { error: 'Error', code: 'ERROR_INTERNO' } },
      { path: '/apiprocedimientos/listarprocedimiento', body: { items: [], total: 7, pagina: 1, porPagina: 1 } },
      { path: '/apicategoriaprocedimientos/listarcategorias', body: [] },
    ]);
    renderAs('doctor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Dr. Andrés' })).toBeInTheDocument();
    expect(await screen.findByText('7 procedimientos')).toBeInTheDocument();
    const pacientes = screen.getByRole('link', { name: /Pacientes/ });
    expect(within(pacientes).queryByText(/activo/)).not.toBeInTheDocument();
  });
});
