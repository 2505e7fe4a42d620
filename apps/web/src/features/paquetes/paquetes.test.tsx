// Treatment packages on the web (issue 23, item 4): the definitions screen (list in es-CO money, define, deactivate,
// no access for other roles), the patient's "Mis paquetes" (sessions left, expiry, sessions used; another's id asks
// nothing), the desk's sale (the body carries no amount; the receipt number is shown).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import type { Rol } from '@clinica/contracts/roles';
import type { VentaWire } from '../../lib/api/paquetes/tipos.ts';
import { definicion, vendido } from '../../test/paquetes-fixtures.ts';
import { procedimientoDePrueba } from '../../test/carrito-test-utils.tsx';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import PaquetesPacienteScreen from './paquetes-paciente-screen.tsx';
import PaquetesScreen from './paquetes-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PaquetesScreen (/paquetes)', () => {
  const renderPaquetes = (rol: Rol) => renderComoRol(rol, <PaquetesScreen />, '/paquetes');

  it('lists the definitions with their price in es-CO pesos; a new one is checked, then sent as typed', async () => {
    const fetch = mockFetch([
      responde(paquetesRutas.listar, { body: [definicion(), definicion({ id: 4, nombre: 'Viejo', activo: false })] }),
      responde(paquetesRutas.crear, { status: 201, body: definicion({ id: 5, nombre: 'Hidrafacial x 3' }) }),
      responde(procedimientosRutas.listar, {
        body: { items: [procedimientoDePrueba({ id: 9, nombre: 'Hidrafacial' })], total: 1, pagina: 1, porPagina: 100 },
      }),
    ]);
    renderPaquetes('asistente');
    const tabla = await screen.findByRole('table');
    const filas = within(tabla).getAllByRole('row');
    expect(filas[1]).toHaveTextContent('Láser axilas: 6 sesiones');
    expect(filas[1]).toHaveTextContent('$ 1.530.000');
    expect(filas[1]).toHaveTextContent('6 sesiones');
    expect(filas[1]).toHaveTextContent('365 días');
    expect(within(filas[2]!).getByText('Inactivo')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo paquete' }));
    const form = await screen.findByRole('form', { name: 'Nuevo paquete' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear paquete' }));
    expect(await within(form).findByText(/Escribe el nombre del paquete/)).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain('POST /apipaquetes/paquetes');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Hidrafacial x 3' } });
    fireEvent.click(within(form).getByRole('combobox', { name: /^Procedimiento/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hidrafacial' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Sesiones/ }), { target: { value: '3' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio/ }), { target: { value: '$ 690.000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear paquete' }));
    expect(await screen.findByText('Paquete «Hidrafacial x 3» guardado.')).toBeInTheDocument();
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      nombre: 'Hidrafacial x 3',
      procedimiento_id: 9,
      sesiones: 3,
      precio: 690_000,
      vigencia_dias: 180,
    });
  });

  it('deactivates a definition with a PATCH of activo only', async () => {
    const fetch = mockFetch([
      responde(paquetesRutas.listar, { body: [definicion()] }),
      responde(paquetesRutas.editar, { body: definicion({ activo: false }) }),
    ]);
    renderPaquetes('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar Láser axilas: 6 sesiones' }));
    expect(await screen.findByText('«Láser axilas: 6 sesiones» ya no se vende.')).toBeInTheDocument();
    const patch = fetch.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apipaquetes/paquetes/3');
    expect(patch.body).toEqual({ activo: false });
  });

  it.each(['paciente', 'doctor'] as const)('%s gets the no-access screen without calling the API', (rol) => {
    const { calls } = mockFetch([]);
    renderPaquetes(rol);
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('PaquetesPacienteScreen (/paquetespaciente/:id)', () => {
  const renderDe = (rol: Rol, id: number) =>
    renderComoRol(rol, <PaquetesPacienteScreen />, `/paquetespaciente/${id}`, '/paquetespaciente/:id');

  it('the patient sees her packages: sessions left, expiry, price, receipt and the sessions used', async () => {
    mockFetch([
      responde(paquetesRutas.dePaciente, {
        body: [vendido(), vendido({ id: 12, estado: 'vencido', sesiones_restantes: 0, sesiones_vencidas: 2 })],
      }),
    ]);
    renderDe('paciente', 1);
    expect(screen.getByRole('heading', { name: 'Mis paquetes' })).toBeInTheDocument();
    const [activo, vencido] = within(await screen.findByRole('list', { name: 'Paquetes' })).getAllByRole('listitem', {
      name: /^Paquete/,
    });
    expect(activo).toHaveTextContent('Quedan 4 de 5 sesiones');
    expect(activo).toHaveTextContent('Vence el 30/05/2027');
    expect(activo).toHaveTextContent('$ 1.200.000');
    expect(activo).toHaveTextContent('Recibo de caja N.º 000041');
    // Booking the next session is the desk's.
    expect(within(activo!).queryByRole('link', { name: /siguiente sesión/ })).not.toBeInTheDocument();
    // Each card's heading follows the page's h1 (heading order).
    expect(within(activo!).getByRole('heading', { level: 2 })).toHaveTextContent(vendido().nombre);
    expect(activo).toHaveTextContent('24/11/2026');
    expect(vencido).toHaveTextContent('Venció con 2 sesiones sin usar');
    expect(screen.queryByRole('form', { name: 'Vender paquete' })).not.toBeInTheDocument();
  });

  it("another patient's id asks nothing and says so", () => {
    const { calls } = mockFetch([]);
    renderDe('paciente', 2);
    expect(screen.getByText('No encontramos a esa paciente')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('the desk sells a package: the body names no amount, and the receipt number is shown', async () => {
    const venta: VentaWire = {
      paquete: vendido({ id: 13, paciente_id: 7, sesiones_usadas: 0, sesiones_restantes: 5, consumos: [] }),
      pago: { id: 70, monto: 1_530_000, metodo: 'datafono', recibo_numero: 42, registrado_en: '2026-11-27T15:00:00Z' },
    };
    const fetch = mockFetch([
      responde(paquetesRutas.dePaciente, { body: [] }),
      responde(usuariosRutas.buscar, { body: usuarioDePrueba({ id: 7, nombre: 'Sofía Ramírez' }) }),
      responde(paquetesRutas.listar, { body: [definicion(), definicion({ id: 4, nombre: 'Viejo', activo: false })] }),
      responde(paquetesRutas.vender, { status: 201, body: venta }),
    ]);
    renderDe('asistente', 7);
    expect(await screen.findByRole('heading', { name: 'Paquetes de Sofía Ramírez' })).toBeInTheDocument();
    expect(await screen.findByText('Aún no tiene paquetes')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Vender paquete' });
    fireEvent.click(within(form).getByRole('combobox', { name: /^Paquete/ }));
    expect(screen.queryByRole('option', { name: 'Viejo' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'Láser axilas: 6 sesiones' }));
    expect(within(form).getByText(/Total a cobrar: \$ 1\.530\.000/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('combobox', { name: /^Cómo pagó/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tarjeta (datáfono)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Referencia/ }), { target: { value: ' V-77 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar venta' }));
    expect(await within(form).findByText(/Recibo de caja N\.º 000042/)).toBeInTheDocument();
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ paciente_id: 7, paquete_id: 3, metodo: 'datafono', referencia: 'V-77' });
  });

  it("the desk books an active package's next session: the booking form opens with her and its procedure", async () => {
    mockFetch([
      responde(paquetesRutas.dePaciente, {
        body: [
          vendido({ paciente_id: 7 }),
          vendido({ id: 12, paciente_id: 7, estado: 'agotado', sesiones_restantes: 0 }),
        ],
      }),
      responde(usuariosRutas.buscar, { body: usuarioDePrueba({ id: 7, nombre: 'Sofía Ramírez' }) }),
      responde(paquetesRutas.listar, { body: [definicion()] }),
    ]);
    renderDe('asistente', 7);
    const [activo, agotado] = within(await screen.findByRole('list', { name: 'Paquetes' })).getAllByRole('listitem', {
      name: /^Paquete/,
    });
    const enlace = await within(activo!).findByRole('link', { name: 'Agendar la siguiente sesión' });
    expect(enlace).toHaveAttribute('href', `/crearcitaasistente?paciente=7&sesion=${vendido().procedimiento.id}`);
    expect(within(agotado!).queryByRole('link', { name: /siguiente sesión/ })).not.toBeInTheDocument();
  });
});
