// "Registrar pago" on the appointment's details (issue 23): the desk sees the balance the server computed, picks the
// method and a reference, and gets the receipt to download; the body never carries an amount. Why no payment can be
// taken is said instead of the form; doctors see no payment section.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { carritoRutas, citasRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PagoWire } from '../../../lib/api/pagos/tipos.ts';
import { renderEnRuta, tokenDePrueba } from '../../../test/carrito-test-utils.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { citaDePrueba, saldoDePrueba, seccionesVacias } from '../citas-fixtures.ts';
import DetalleCitaScreen from '../detalle-cita-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function montar(rol: string, rutas: RutaSimulada[]) {
  localStorage.setItem('token', tokenDePrueba({ id: 3, rol }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    responde(citasRutas.buscar, { body: citaDePrueba({ estado: 'confirmada' }) }, { id: 41 }),
    ...rutas,
    ...seccionesVacias(),
  ]);
  renderEnRuta('/detallescitas/41', { '/detallescitas/:id': <DetalleCitaScreen /> });
  return fetch;
}

const pendiente = saldoDePrueba({
  concepto: 'Hidrafacial',
  precio: 220_000,
  pagado: 50_000,
  saldo: 170_000,
  impedimento: null,
});
const pago: PagoWire = {
  id: 9,
  recibo_numero: 12,
  paciente: { id: 7, nombre: 'Ana Gómez' },
  monto: 170_000,
  metodo: 'datafono',
  concepto: 'saldo',
  descripcion: 'Saldo de la cita de Hidrafacial del 01/12/2026',
  referencia: '483920',
  cita_id: 41,
  estado: 'aprobado',
  registrado_por: { id: 3, nombre: 'Natalia Ospina' },
  registrado_en: '2026-12-01T15:00:00.000Z',
  notas: null,
  anulacion: null,
};

describe('Registrar pago', () => {
  it('shows the balance, registers it with the method and reference, and offers the receipt', async () => {
    const user = userEvent.setup();
    const fetch = montar('asistente', [
      responde(pagosRutas.saldo, { body: pendiente }, { citaId: 41 }),
      responde(pagosRutas.registrar, { status: 201, body: pago }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Pago' });
    expect(await within(seccion).findByText('$ 170.000')).toBeInTheDocument();
    expect(within(seccion).getByText('$ 220.000 · Hidrafacial')).toBeInTheDocument();
    await user.click(within(seccion).getByRole('combobox', { name: 'Método de pago' }));
    await user.click(await screen.findByRole('option', { name: 'Tarjeta (datáfono)' }));
    await user.type(within(seccion).getByRole('textbox', { name: 'Referencia' }), '483920');
    await user.click(within(seccion).getByRole('button', { name: 'Registrar pago de $ 170.000' }));

    expect(await within(seccion).findByText('Pago registrado')).toBeInTheDocument();
    expect(within(seccion).getByText(/Recibo N\.º 000012 por \$ 170\.000/)).toBeInTheDocument();
    expect(within(seccion).getByRole('button', { name: 'Descargar el recibo N.º 000012' })).toBeInTheDocument();
    const envio = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(envio![1]!.body))).toEqual({ cita_id: 41, metodo: 'datafono', referencia: '483920' });
  });

  it('says why no payment can be taken instead of the form', async () => {
    montar('administrador', [
      responde(
        pagosRutas.saldo,
        { body: saldoDePrueba({ impedimento: 'Esta cita no tiene saldo pendiente: ya está pagada.' }) },
        { citaId: 41 },
      ),
    ]);
    expect(await screen.findByText('Esta cita no tiene saldo pendiente: ya está pagada.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar pago/ })).not.toBeInTheDocument();
  });

  it('is not shown to doctors', async () => {
    montar('doctor', []);
    expect(await screen.findByText('Detalle de la cita', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pago' })).not.toBeInTheDocument();
  });
});
