// /caja (issue 23, "Cierre de caja"): the desk's day while it loads, with its totals in es-CO pesos, without
// payments, when the API fails, closed; the close with the counted cash and its difference (the body carries what
// was counted, never the expected amount); the administrator picking another desk (its payments, not her own, and no
// close of someone else's drawer) and the day's closes; a receipt's download; no access for other roles.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { Rol } from '@clinica/contracts/roles';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hoy } from '../../lib/tiempo.ts';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde, type Peticion, type RutaSimulada } from '../../test/mock-fetch.ts';
import { cierreDePrueba, listaPagos, natalia, pagoDePrueba, resumenCajaDePrueba } from '../../test/pagos-fixtures.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import CajaScreen from './caja-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const renderCaja = (rol: Rol) => renderComoRol(rol, <CajaScreen />, '/caja');
const deRuta = (calls: Peticion[], path: string) => calls.filter((c) => c.url.pathname === path);
const params = (c: Peticion) => Object.fromEntries(c.url.searchParams);

function montar(rol: Rol, rutas: RutaSimulada[]) {
  const fetch = mockFetch(rutas);
  renderCaja(rol);
  return fetch;
}

describe('CajaScreen (/caja)', () => {
  it('shows loading states, then the totals by method and the expected cash in es-CO pesos', async () => {
    let soltar!: () => void;
    const espera = new Promise<void>((r) => (soltar = r));
    const { calls } = montar('asistente', [
      responde(pagosRutas.caja, async () => {
        await espera;
        return { body: resumenCajaDePrueba() };
      }),
      responde(pagosRutas.listar, { body: listaPagos([pagoDePrueba()]) }),
    ]);
    expect(screen.getByText('Cargando la caja…')).toBeInTheDocument();
    soltar();
    expect(await screen.findByRole('heading', { name: 'Caja de Natalia Ospina · 01/12/2026' })).toBeInTheDocument();
    const efectivo = screen.getByRole('region', { name: 'Efectivo' });
    expect(efectivo).toHaveTextContent('$ 120.000');
    expect(screen.getByRole('region', { name: 'Tarjeta (datáfono)' })).toHaveTextContent('$ 180.000');
    // Online payments have no desk: no card unless a void of one counted here.
    expect(screen.queryByRole('region', { name: 'En línea' })).toBeNull();
    expect(screen.getByText(/Total del día:/)).toHaveTextContent('Total del día: $ 300.000 (2 movimientos)');
    expect(screen.getByText(/Efectivo esperado en caja:/)).toHaveTextContent('$ 120.000');
    const tabla = await screen.findByRole('table', { name: /Pagos registrados en esta caja/ });
    expect(within(tabla).getByText('$ 1.234.567')).toBeInTheDocument();
    // Her own desk and today, unless she picks another.
    expect(params(deRuta(calls, pagosRutas.caja.path)[0]!)).toEqual({ fecha: hoy() });
    expect(params(deRuta(calls, pagosRutas.listar.path)[0]!)).toMatchObject({ fecha: hoy(), registrado_por: '1' });
  });

  it('says so when the day has no payments', async () => {
    montar('asistente', [
      responde(pagosRutas.caja, { body: resumenCajaDePrueba({ movimientos: 0 }) }),
      responde(pagosRutas.listar, { body: listaPagos([]) }),
    ]);
    expect(await screen.findByText('Sin pagos este día')).toBeInTheDocument();
    expect(screen.getByText('Los pagos se registran desde el detalle de cada cita.')).toBeInTheDocument();
  });

  it('shows the error of each part with a retry', async () => {
    montar('asistente', [
      responde(pagosRutas.caja, { status: 500, body: { error: 'La caja no respondió.', code: 'ERROR_INTERNO' } }),
      responde(pagosRutas.listar, {
        status: 500,
        body: { error: 'Los pagos no respondieron.', code: 'ERROR_INTERNO' },
      }),
    ]);
    expect(await screen.findByText('La caja no respondió.')).toBeInTheDocument();
    expect(await screen.findByText('No pudimos cargar los pagos')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Reintentar/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cerrar caja' })).toBeNull();
  });

  it('closes the day with the counted cash: the difference is shown before confirming and only the count is sent', async () => {
    const user = userEvent.setup();
    const { calls } = montar('asistente', [
      responde(pagosRutas.caja, { body: resumenCajaDePrueba() }),
      responde(pagosRutas.listar, { body: listaPagos([]) }),
      responde(pagosRutas.cerrarCaja, { status: 201, body: cierreDePrueba() }),
    ]);
    const cerrar = await screen.findByRole('button', { name: 'Cerrar caja' });
    expect(cerrar).toBeDisabled();
    const contado = screen.getByRole('textbox', { name: /Efectivo contado/ });
    await user.type(contado, '120000');
    expect(await screen.findByText('Cuadra: sin diferencia')).toBeInTheDocument();
    await user.clear(contado);
    await user.type(contado, '110000');
    expect(await screen.findByText('Faltan $ 10.000')).toBeInTheDocument();
    await user.clear(contado);
    await user.type(contado, '125000');
    expect(await screen.findByText('Sobran $ 5.000')).toBeInTheDocument();
    await user.clear(contado);
    await user.type(contado, '110000');
    await user.type(screen.getByRole('textbox', { name: /Notas/ }), '  Faltó un billete ');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));

    const dialogo = await screen.findByRole('dialog', { name: '¿Cerrar la caja?' });
    expect(within(dialogo).getByText('Caja de Natalia Ospina del 01/12/2026.')).toBeInTheDocument();
    expect(within(dialogo).getByText(/Esperado:/)).toHaveTextContent('Esperado: $ 120.000 · Contado: $ 110.000');
    expect(within(dialogo).getByText('Faltan $ 10.000')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar cierre' }));

    expect(await screen.findByText('La caja quedó cerrada.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(pagosRutas.cerrarCaja.path);
    expect(post.body).toEqual({ efectivo_contado: 110_000, fecha: '2026-12-01', notas: 'Faltó un billete' });
  });

  it('keeps the dialog open with the server’s reason when the close is refused', async () => {
    const user = userEvent.setup();
    montar('asistente', [
      responde(pagosRutas.caja, { body: resumenCajaDePrueba() }),
      responde(pagosRutas.listar, { body: listaPagos([]) }),
      responde(pagosRutas.cerrarCaja, {
        status: 409,
        body: { error: 'Esta caja ya se cerró ese día.', code: 'CONFLICTO' },
      }),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /Efectivo contado/ }), '120000');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Cerrar la caja?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar cierre' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Esta caja ya se cerró ese día.');
  });

  it('a closed day shows its close and offers no second one', async () => {
    montar('asistente', [
      responde(pagosRutas.caja, { body: resumenCajaDePrueba({ cierre: cierreDePrueba() }) }),
      responde(pagosRutas.listar, { body: listaPagos([]) }),
    ]);
    expect(await screen.findByText('Caja cerrada')).toBeInTheDocument();
    expect(screen.getByText(/Esperado \$ 120\.000, contado \$ 110\.000\./)).toBeInTheDocument();
    expect(screen.getByText('Faltan $ 10.000')).toBeInTheDocument();
    expect(screen.getByText('Notas: Faltó un billete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar caja' })).toBeNull();
  });

  it('the administrator picks another desk: its day and payments, the day’s closes, and no close of her drawer', async () => {
    const user = userEvent.setup();
    const { calls } = montar('administrador', [
      responde(usuariosRutas.listar, (p) => {
        const asistente = p.url.searchParams.get('rol') === 'asistente';
        const items = asistente
          ? [usuarioDePrueba({ id: natalia.id, nombre: natalia.nombre, rol: 'asistente' })]
          : [usuarioDePrueba({ id: 1, nombre: 'Laura Restrepo', rol: 'administrador' })];
        return { body: { items, total: 1, pagina: 1, porPagina: 100 } };
      }),
      responde(pagosRutas.caja, (p) =>
        p.url.searchParams.get('usuario_id')
          ? { body: resumenCajaDePrueba() }
          : { body: resumenCajaDePrueba({ usuario: { id: 1, nombre: 'Laura Restrepo' } }) },
      ),
      responde(pagosRutas.listar, (p) =>
        p.url.searchParams.get('registrado_por') === String(natalia.id)
          ? { body: listaPagos([pagoDePrueba({ paciente: { id: 8, nombre: 'Sofía Pérez' } })]) }
          : { body: listaPagos([]) },
      ),
      responde(pagosRutas.cierres, { body: { fecha: '2026-12-01', items: [cierreDePrueba()] } }),
    ]);
    expect(await screen.findByRole('heading', { name: /Caja de Laura Restrepo/ })).toBeInTheDocument();
    // Her own drawer: she may close it.
    expect(screen.getByRole('button', { name: 'Cerrar caja' })).toBeInTheDocument();
    const cierres = await screen.findByRole('table', { name: /Cierres de caja del/ });
    expect(within(cierres).getByText('Natalia Ospina')).toBeInTheDocument();
    expect(within(cierres).getByText('Faltan $ 10.000')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Caja de' }));
    await user.click(await screen.findByRole('option', { name: 'Natalia Ospina' }));
    expect(await screen.findByRole('heading', { name: 'Caja de Natalia Ospina · 01/12/2026' })).toBeInTheDocument();
    expect(await screen.findByText('Sofía Pérez')).toBeInTheDocument();
    expect(screen.getByText('Esta caja aún no se ha cerrado: la cierra quien la atiende.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar caja' })).toBeNull();
    expect(params(deRuta(calls, pagosRutas.caja.path).at(-1)!)).toEqual({ fecha: hoy(), usuario_id: '4' });
    expect(params(deRuta(calls, pagosRutas.listar.path).at(-1)!)).toMatchObject({ registrado_por: '4' });
  });

  it('«Recibo» downloads that payment’s receipt with the session’s token', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recibo', revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = montar('asistente', [
      responde(pagosRutas.caja, { body: resumenCajaDePrueba() }),
      responde(pagosRutas.listar, { body: listaPagos([pagoDePrueba()]) }),
      responde(
        pagosRutas.recibo,
        () =>
          new Response(new Blob(['%PDF-1.7']), {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="recibo-000012.pdf"',
            },
          }),
        { id: 9 },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Descargar el recibo N.º 000012' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(1));
    expect((clics.mock.contexts[0] as HTMLAnchorElement).download).toBe('recibo-000012.pdf');
    const descarga = calls.find((c) => c.url.pathname === '/apipagos/9/recibo')!;
    expect(descarga.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('the administrator voids a payment with a reason; the amount in the dialog never breaks after its «$»', async () => {
    const user = userEvent.setup();
    const pago = pagoDePrueba({ monto: 120_000 });
    const { calls } = montar('administrador', [
      responde(usuariosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 100 } }),
      responde(pagosRutas.caja, { body: resumenCajaDePrueba() }),
      responde(pagosRutas.listar, { body: listaPagos([pago]) }),
      responde(pagosRutas.cierres, { body: { fecha: '2026-12-01', items: [] } }),
      responde(
        pagosRutas.anular,
        {
          body: {
            ...pago,
            estado: 'anulado',
            anulacion: {
              motivo: 'Cobrado dos veces',
              anulado_por: { id: 1, nombre: 'Laura Restrepo' },
              anulado_en: '2026-12-01T16:00:00.000Z',
            },
          },
        },
        { id: 9 },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Anular este pago?' });
    expect(within(dialogo).getByText('$ 120.000')).toHaveStyle({ whiteSpace: 'nowrap' });
    await user.click(within(dialogo).getByRole('button', { name: 'Anular pago' }));
    expect(await within(dialogo).findByText(/Escribe el motivo de la anulación/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialogo).getByRole('textbox', { name: /Motivo de la anulación/ }), 'Cobrado dos veces');
    await user.click(within(dialogo).getByRole('button', { name: 'Anular pago' }));
    expect(await screen.findByText('El pago quedó anulado.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/apipagos/9/anular');
    expect(post.body).toEqual({ motivo: 'Cobrado dos veces' });
  });

  it.each(['paciente', 'doctor'] as const)('%s gets the no-access screen without calling the API', (rol) => {
    const { calls } = mockFetch([]);
    renderCaja(rol);
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
