import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import type { Rol } from '@clinica/contracts/roles';
import {
  carritoRutas,
  categoriasRutas,
  citasRutas,
  procedimientosRutas,
  usuariosRutas,
} from '@clinica/contracts/rutas';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { paginaDe, renderWithProviders } from '../../test/session-test-utils.tsx';
import { itemDePrueba } from '../../test/carrito-test-utils.tsx';
import DashboardScreen from './dashboard-screen.tsx';
import { citaWire } from '../../test/citas-fixtures.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const perfil = (nombre: string, rol: Rol): UsuarioWire =>
  usuarioDePrueba({
    id: 1,
    nombre,
    correo: 'x@demo.test',
    rol,
    numerodocumento: '123456',
    telefono: null,
    genero: null,
    fecha_nacimiento: null,
    fecha_registro: null,
  });
const categoria = (id: number): CategoriaWire => ({
  id,
  nombre: `Categoría ${id}`,
  descripcion: null,
  activa: true,
  total_procedimientos: 0,
  creada_en: '2026-01-01T10:00:00.000Z',
  actualizada_en: '2026-01-01T10:00:00.000Z',
});

const sinAlertas = { por_vencer: [], stock_bajo: [] };

function renderAs(rol: Rol) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
  return renderWithProviders(<DashboardScreen />, { route: '/dashboard' });
}

describe('DashboardScreen', () => {
  it('greets an administrator and shows user totals read from listarusuarios', async () => {
    const totales: Record<string, number> = { administrador: 1, doctor: 2, asistente: 3, paciente: 40 };
    mockFetch([
      responde(usuariosRutas.perfil, { body: perfil('Laura Restrepo', 'administrador') }),
      responde(usuariosRutas.listar, ({ url }) => {
        const rol = url.searchParams.get('rol');
        const total = rol ? totales[rol]! : url.searchParams.get('estado') === 'false' ? 4 : 0;
        return { body: { items: [], total, pagina: 1, porPagina: 1 } };
      }),
      responde(procedimientosRutas.listar, { body: { items: [], total: 18, pagina: 1, porPagina: 1 } }),
      responde(categoriasRutas.listar, { body: [categoria(1), categoria(2), categoria(3)] }),
      responde(insumosRutas.alertas, { body: sinAlertas }),
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
      responde(usuariosRutas.perfil, { body: perfil('María Fernanda López', 'paciente') }),
      responde(carritoRutas.listar, { body: [itemDePrueba(1), itemDePrueba(2)] }),
      responde(citasRutas.misCitas, { body: [] }),
    ]);
    renderAs('paciente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, María' })).toBeInTheDocument();
    expect(await screen.findByText('2 tratamientos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Servicios/ })).toHaveAttribute('href', '/servicios');
    expect(screen.getByRole('link', { name: /Mi carrito/ })).toHaveAttribute('href', '/carrito');
    expect(screen.getByRole('link', { name: /Mi perfil/ })).toHaveAttribute('href', '/editarusuario/1');
    expect(screen.getByRole('link', { name: /Mi historia clínica/ })).toHaveAttribute('href', '/mihistorialclinico/1');
    expect(screen.getByRole('link', { name: /Mis pagos/ })).toHaveAttribute('href', '/mispagos');
    expect(screen.getByRole('link', { name: /Mis paquetes/ })).toHaveAttribute('href', '/paquetespaciente/1');
    expect(screen.queryByText(/Personas registradas/)).not.toBeInTheDocument();
  });

  it('shows a patient their next appointment with a link, or an invitation to book one', async () => {
    const manana = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const pasada = '2026-01-10T14:00:00.000Z';
    const cita = (id: number, inicio: string, estado: 'confirmada' | 'realizada') =>
      citaWire(inicio, {
        id,
        fin: inicio,
        estado,
        usuario: { id: 1, nombre: 'María', correo: 'x@demo.test', telefono: null, numerodocumento: '1' },
        doctor: { id: 5, nombre: 'Dra. Laura Gómez' },
        creada_en: pasada,
        actualizada_en: pasada,
      });
    mockFetch([
      responde(usuariosRutas.perfil, { body: perfil('María Fernanda López', 'paciente') }),
      responde(carritoRutas.listar, { body: [] }),
      responde(citasRutas.misCitas, { body: [cita(3, pasada, 'realizada'), cita(8, manana, 'confirmada')] }),
    ]);
    renderAs('paciente');
    const tarjeta = await screen.findByRole('region', { name: 'Tu próxima cita' });
    expect(await within(tarjeta).findByText(/Valoración con Dra. Laura Gómez/)).toBeInTheDocument();
    expect(within(tarjeta).getByText('Confirmada')).toBeInTheDocument();
    expect(within(tarjeta).getByRole('link', { name: 'Ver detalle' })).toHaveAttribute('href', '/detallescitas/8');
  });

  it('invites a patient without upcoming appointments to book one', async () => {
    mockFetch([
      responde(usuariosRutas.perfil, { body: perfil('María Fernanda López', 'paciente') }),
      responde(carritoRutas.listar, { body: [] }),
      responde(citasRutas.misCitas, { body: [] }),
    ]);
    renderAs('paciente');
    const tarjeta = await screen.findByRole('region', { name: 'Tu próxima cita' });
    expect(await within(tarjeta).findByRole('link', { name: 'Agendar una cita' })).toHaveAttribute(
      'href',
      '/crearcita',
    );
  });

  it('does not invent a count that failed to load', async () => {
    mockFetch([
      responde(usuariosRutas.perfil, { body: perfil('Dr. Andrés Gómez', 'doctor') }),
      responde(usuariosRutas.listar, { status: 500, body: { error: 'Error', code: 'ERROR_INTERNO' } }),
      responde(procedimientosRutas.listar, { body: { items: [], total: 7, pagina: 1, porPagina: 1 } }),
      responde(categoriasRutas.listar, { body: [] }),
      responde(citasRutas.listar, { body: paginaDe([]) }),
      // The supplies' alerts fail too: the card is simply not there.
      responde(insumosRutas.alertas, { status: 500, body: { error: 'Error', code: 'ERROR_INTERNO' } }),
    ]);
    renderAs('doctor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Dr. Andrés' })).toBeInTheDocument();
    expect(await screen.findByText('7 procedimientos')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Insumos' })).not.toBeInTheDocument();
    const pacientes = screen.getByRole('link', { name: /Pacientes/ });
    expect(within(pacientes).queryByText(/activo/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Historial médico/ })).toHaveAttribute('href', '/consultarhistorialmedico');
  });

  it("shows the desk the supplies' alerts, each linking to its product; none, no card", async () => {
    const lote = {
      id: 4,
      producto_id: 2,
      numero: 'B2291',
      vence_el: '2026-12-20',
      vencido: false,
      cantidad_recibida: 10,
      consumido: 7.5,
      existencia: 2.5,
      proveedor: 'Dermafarma',
      referencia_compra: null,
      recibido_por: { id: 3, nombre: 'Ana' },
      recibido_en: '2026-10-01T15:00:00.000Z',
      producto: { id: 2, nombre: 'Ácido hialurónico 1 mL', unidad: 'mL' as const },
    };
    const base = [
      responde(usuariosRutas.perfil, { body: perfil('Ana Ruiz', 'asistente') }),
      responde(usuariosRutas.listar, { body: { items: [], total: 12, pagina: 1, porPagina: 1 } }),
      responde(procedimientosRutas.listar, { body: { items: [], total: 7, pagina: 1, porPagina: 1 } }),
      responde(categoriasRutas.listar, { body: [] }),
      responde(citasRutas.listar, { body: paginaDe([]) }),
    ];
    mockFetch([
      ...base,
      responde(insumosRutas.alertas, {
        body: {
          por_vencer: [lote, { ...lote, id: 5, numero: 'A1', vence_el: '2026-11-01', vencido: true, existencia: 1 }],
          stock_bajo: [{ id: 7, nombre: 'Toxina botulínica 100 U', unidad: 'U', existencia: 40, stock_minimo: 100 }],
        },
      }),
    ]);
    const { unmount } = renderAs('asistente');
    const tarjeta = await screen.findByRole('region', { name: 'Insumos' });
    const porVencer = within(tarjeta).getAllByRole('listitem');
    expect(porVencer[0]).toHaveTextContent('Vence pronto');
    expect(porVencer[0]).toHaveTextContent('Vence el 20/12/2026; quedan 2,5 mL.');
    expect(within(porVencer[0]!).getByRole('link', { name: 'Ácido hialurónico 1 mL, lote B2291' })).toHaveAttribute(
      'href',
      '/insumos/2',
    );
    expect(porVencer[1]).toHaveTextContent('Vencido');
    expect(porVencer[1]).toHaveTextContent('Venció el 01/11/2026; quedan 1 mL.');
    expect(porVencer[2]).toHaveTextContent('Quedan 40 U; el mínimo es 100 U.');
    expect(within(porVencer[2]!).getByRole('link', { name: 'Toxina botulínica 100 U' })).toHaveAttribute(
      'href',
      '/insumos/7',
    );
    unmount();

    mockFetch([...base, responde(insumosRutas.alertas, { body: sinAlertas })]);
    renderAs('asistente');
    expect(await screen.findByText('7 procedimientos')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Insumos' })).not.toBeInTheDocument();
  });
});
