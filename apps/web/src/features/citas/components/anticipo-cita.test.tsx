// Deposits on the appointment's details (issue 23, item 2): the badge and sentence of an owed deposit with its hold,
// the desk's Pago section taking the deposit first, the patient's cancel modal asking refund or credit (and sending
// her choice), and staff's "Marcar inasistencia" once the time has passed.
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { carritoRutas, citasRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEnRuta, tokenDePrueba } from '../../../test/carrito-test-utils.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { citaDePrueba, saldoDePrueba, seccionesVacias } from '../citas-fixtures.ts';
import { politicaDePrueba } from '../../../test/citas-fixtures.ts';
import DetalleCitaScreen from '../detalle-cita-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const EN_UN_MES = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString();
const AYER = new Date(Date.now() - 24 * 3_600_000).toISOString();

function montar(rol: string, id: number, cita: object, rutas: RutaSimulada[] = []) {
  localStorage.setItem('token', tokenDePrueba({ id, rol }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    responde(citasRutas.buscar, { body: citaDePrueba(cita) }, { id: 41 }),
    ...rutas,
    ...seccionesVacias(),
  ]);
  renderEnRuta('/detallescitas/41', { '/detallescitas/:id': <DetalleCitaScreen /> });
  return fetch;
}

describe('deposits on the details', () => {
  it('an owed deposit: badge, the hold, and the desk takes the deposit first', async () => {
    montar(
      'asistente',
      3,
      {
        estado: 'pendiente',
        inicio: EN_UN_MES,
        anticipo: { monto: 60_000, estado: 'pendiente', reserva_vence_en: '2026-12-01T17:00:00.000Z' },
      },
      [
        responde(
          pagosRutas.saldo,
          { body: saldoDePrueba({ cobra: 'anticipo', saldo: 60_000, precio: 200_000, impedimento: null }) },
          { citaId: 41 },
        ),
      ],
    );
    expect(await screen.findByText('Anticipo pendiente · $ 60.000')).toBeInTheDocument();
    const frase = screen.getByText(
      'Anticipo de $ 60.000 pendiente: el horario está reservado hasta el 01/12/2026, 12:00 p. m.; si no se paga a tiempo, se libera.',
    );
    // The hour never breaks inside «p. m.» on a phone.
    expect(frase.textContent).toContain('12:00\u00a0p.\u00a0m.;');
    // Confirming waits for the deposit (the server would refuse it): the button says why it is off.
    const confirmar = screen.getByRole('button', { name: 'Confirmar cita' });
    expect(confirmar).toBeDisabled();
    expect(confirmar).toHaveAccessibleDescription(
      'Esta cita tiene un anticipo de $ 60.000 sin pagar: registra el pago del anticipo antes de confirmarla.',
    );
    const seccion = await screen.findByRole('region', { name: 'Pago' });
    expect(await within(seccion).findByText('Anticipo por pagar')).toBeInTheDocument();
    expect(within(seccion).getByRole('button', { name: 'Registrar anticipo de $ 60.000' })).toBeInTheDocument();
  });

  it("the patient's cancel modal asks refund or credit with enough notice, and sends her choice", async () => {
    const user = userEvent.setup();
    const suya = {
      estado: 'confirmada' as const,
      inicio: EN_UN_MES,
      anticipo: { monto: 60_000, estado: 'pagado' as const, reserva_vence_en: null },
      usuario: { id: 10, nombre: 'Sofía Ramírez', correo: null, telefono: null, numerodocumento: '1' },
    };
    const fetch = montar('paciente', 10, suya, [
      // The patient's details ask whether online payment is offered (the "Pagar anticipo" button).
      responde(pagosEnLineaRutas.config, { body: { habilitado: false, proveedor: null, ambiente: null } }),
      responde(citasRutas.politica, { body: politicaDePrueba({ cancelacion_horas_aviso: 48 }) }),
      responde(
        citasRutas.cancelar,
        {
          body: citaDePrueba({
            ...suya,
            estado: 'cancelada',
            anticipo: { monto: 60_000, estado: 'saldo_a_favor', reserva_vence_en: null },
          }),
        },
        { id: 41 },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    const dialogo = await screen.findByRole('dialog');
    const grupo = await within(dialogo).findByRole('radiogroup', {
      name: /^¿Qué hacemos con tu anticipo de \$ 60\.000\?/,
    });
    // The clinic's hours, from the server.
    expect(grupo).toHaveAccessibleDescription(
      'Como cancelas con 48 horas o más de anticipación, no pierdes tu anticipo. Elige qué prefieres:',
    );
    expect(within(grupo).getByRole('radio', { name: /Quiero que me lo devuelvan/ })).toHaveAccessibleDescription(
      'La recepción de la clínica te devuelve el dinero y te avisamos cuando la devolución esté hecha.',
    );
    // The amount stays on one line on a phone.
    expect(within(dialogo).getByText('$ 60.000')).toHaveStyle({ whiteSpace: 'nowrap' });
    await user.type(within(dialogo).getByRole('textbox', { name: /Motivo/ }), 'Viaje de trabajo');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    expect(await within(dialogo).findByText(/Elige si quieres la devolución/)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('radio', { name: /Dejarlo como saldo a favor/ }));
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const envio = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(envio![1]!.body))).toEqual({ motivo: 'Viaje de trabajo', anticipo: 'saldo_a_favor' });
  });

  it("inside the clinic's notice (72 h here, not the default 24 h), the modal says the deposit is kept", async () => {
    const user = userEvent.setup();
    const EN_DOS_DIAS = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const fetch = montar(
      'paciente',
      10,
      {
        estado: 'confirmada',
        inicio: EN_DOS_DIAS,
        anticipo: { monto: 60_000, estado: 'pagado', reserva_vence_en: null },
        usuario: { id: 10, nombre: 'Sofía Ramírez', correo: null, telefono: null, numerodocumento: '1' },
      },
      [
        responde(pagosEnLineaRutas.config, { body: { habilitado: false, proveedor: null, ambiente: null } }),
        responde(citasRutas.politica, { body: politicaDePrueba({ cancelacion_horas_aviso: 72 }) }),
        responde(citasRutas.cancelar, { body: citaDePrueba({ estado: 'cancelada' }) }, { id: 41 }),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    const dialogo = await screen.findByRole('dialog');
    const aviso = await within(dialogo).findByText(/^Faltan menos de 72 horas para la cita\./);
    expect(aviso).toHaveTextContent('Según la política de cancelación, la clínica conserva el anticipo de $ 60.000.');
    expect(within(dialogo).getByText('Tu anticipo no se devuelve')).toBeInTheDocument();
    expect(within(dialogo).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.type(within(dialogo).getByRole('textbox', { name: /Motivo/ }), 'Se me cruzó un viaje');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const envio = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(envio![1]!.body))).toEqual({ motivo: 'Se me cruzó un viaje' });
  });

  it('Marcar inasistencia: staff only, once the time has passed', async () => {
    montar('asistente', 3, { estado: 'confirmada', inicio: AYER }, [
      responde(pagosRutas.saldo, { body: saldoDePrueba() }, { citaId: 41 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Marcar inasistencia' })).toBeInTheDocument();
  });

  it('no Marcar inasistencia before the start', async () => {
    montar('asistente', 3, { estado: 'confirmada', inicio: EN_UN_MES }, [
      responde(pagosRutas.saldo, { body: saldoDePrueba() }, { citaId: 41 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Cancelar cita' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar inasistencia' })).not.toBeInTheDocument();
  });
});
