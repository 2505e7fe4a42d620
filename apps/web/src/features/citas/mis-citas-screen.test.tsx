// /miscitas: upcoming and past appointments; cancel asks for a reason; inside 24 h
// cancel and reschedule are disabled with the reason; reschedule offers free times of the same doctor.
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import { esperaRutas } from '@clinica/contracts/espera-rutas';
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { carritoRutas, citasRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../test/api-mock.ts';
import { conFechas, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { formatFechaHora, formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { a, citaDePrueba, diaHabil, espacio } from './citas-fixtures.ts';
import MisCitasScreen from './mis-citas-screen.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const lejana = citaDePrueba({ id: 41, inicio: a(diaHabil(4), '09:00'), fecha: a(diaHabil(4), '09:00') });
const enHoras = new Date(Date.now() + 3 * 3_600_000).toISOString();
const cercana = citaDePrueba({ id: 42, inicio: enHoras, fecha: enHoras, estado: 'confirmada' });
const pasada = citaDePrueba({
  id: 40,
  inicio: '2026-01-10T14:00:00.000Z',
  fecha: '2026-01-10T14:00:00.000Z',
  estado: 'realizada',
});

function montar(rutas: RutaSimulada[] = [], citas = [pasada, lejana, cercana]) {
  localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    ...rutas,
    responde(citasRutas.misCitas, { body: citas }),
    responde(esperaRutas.mias, { body: [] }),
    responde(pagosEnLineaRutas.config, { body: { habilitado: false, proveedor: null, ambiente: null } }),
  ]);
  renderEnRuta('/miscitas', {
    '/miscitas': conFechas(<MisCitasScreen />),
  });
  return fetch;
}

describe('mis citas', { timeout: 30_000 }, () => {
  it('offers "Pagar en línea" when the clinic has it, and leaves for the signed checkout', async () => {
    const user = userEvent.setup({ delay: null });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const url = 'https://checkout.wompi.co/p/?reference=cl-7-abc';
    const fetch = montar([
      responde(pagosEnLineaRutas.config, { body: { habilitado: true, proveedor: 'wompi', ambiente: 'sandbox' } }),
      responde(pagosEnLineaRutas.iniciar, {
        status: 201,
        body: { pago_id: 7, referencia: 'cl-7-abc', monto: 50_000, concepto: 'anticipo', url },
      }),
    ]);
    await screen.findByRole('tab', { name: 'Próximas (2)' });
    const botones = await screen.findAllByRole('button', { name: 'Pagar en línea' });
    expect(botones).toHaveLength(2);
    await user.click(botones[1]!);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    const i = fetch.llamadas().indexOf(llamada(pagosEnLineaRutas.iniciar));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ cita_id: 41 });
  });

  it('shows the server’s reason when nothing is owed', async () => {
    const user = userEvent.setup({ delay: null });
    montar([
      responde(pagosEnLineaRutas.config, { body: { habilitado: true, proveedor: 'wompi', ambiente: 'sandbox' } }),
      responde(pagosEnLineaRutas.iniciar, {
        status: 422,
        body: { error: 'Esta cita no tiene nada pendiente por pagar.', code: 'REGLA_NEGOCIO' },
      }),
    ]);
    const botones = await screen.findAllByRole('button', { name: 'Pagar en línea' });
    await user.click(botones[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta cita no tiene nada pendiente por pagar.');
  });

  it('hides "Pagar en línea" when online payment is not offered', async () => {
    montar();
    await screen.findByRole('tab', { name: 'Próximas (2)' });
    expect(screen.queryByRole('button', { name: 'Pagar en línea' })).not.toBeInTheDocument();
  });

  it('without online payment, an owed deposit says to pay it at the clinic before the hold ends', async () => {
    const vence = a(diaHabil(3), '15:00');
    const debe = citaDePrueba({
      id: 43,
      inicio: a(diaHabil(5), '09:00'),
      fecha: a(diaHabil(5), '09:00'),
      estado: 'pendiente',
      tipo: 'procedimiento',
      anticipo: { monto: 60_000, estado: 'pendiente', reserva_vence_en: vence },
    });
    montar([], [lejana, debe]);
    const tarjeta = (await screen.findAllByRole('article'))[1]!;
    const pista = await within(tarjeta).findByText(/^Paga el anticipo en la recepción de la clínica antes del/);
    expect(pista).toHaveTextContent(
      `antes del ${formatFechaHora(vence)} para conservar tu horario: en efectivo, con tarjeta, por transferencia o por Nequi/Daviplata.`,
    );
    expect(within(tarjeta).queryByRole('button', { name: 'Pagar anticipo' })).not.toBeInTheDocument();
    // No deposit owed: no sentence.
    const otra = (await screen.findAllByRole('article'))[0]!;
    expect(otra).not.toHaveTextContent('Paga el anticipo');
  });

  it('with online payment, the owed deposit has its button instead of the sentence', async () => {
    const debe = citaDePrueba({
      id: 43,
      inicio: a(diaHabil(5), '09:00'),
      fecha: a(diaHabil(5), '09:00'),
      estado: 'pendiente',
      tipo: 'procedimiento',
      anticipo: { monto: 60_000, estado: 'pendiente', reserva_vence_en: a(diaHabil(3), '15:00') },
    });
    montar(
      [responde(pagosEnLineaRutas.config, { body: { habilitado: true, proveedor: 'wompi', ambiente: 'sandbox' } })],
      [debe],
    );
    expect(await screen.findByRole('button', { name: 'Pagar anticipo' })).toBeInTheDocument();
    expect(screen.getByRole('article')).not.toHaveTextContent('Paga el anticipo');
  });

  it('splits upcoming and past, and disables changes inside 24 hours with the reason', async () => {
    const user = userEvent.setup({ delay: null });
    montar();
    expect(await screen.findByRole('tab', { name: 'Próximas (2)' })).toHaveAttribute('aria-selected', 'true');
    const [primera, segunda] = screen.getAllByRole('article');
    // Soonest first.
    expect(within(primera!).getByText('Confirmada')).toBeInTheDocument();
    expect(within(primera!).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(within(primera!).getByRole('button', { name: 'Reagendar' })).toBeDisabled();
    expect(within(primera!).getByText(MENSAJES_CITAS.tarde)).toBeInTheDocument();
    expect(within(segunda!).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(within(segunda!).getByText('Se evaluará: Limpieza facial profunda')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Anteriores (1)' }));
    const anterior = await screen.findByRole('article');
    expect(within(anterior).getByText('Realizada')).toBeInTheDocument();
    expect(within(anterior).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('cancels after asking the reason', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar([
      responde(
        citasRutas.cancelar,
        { body: { ...lejana, estado: 'cancelada', motivo_cancelacion: 'Viaje' } },
        { id: 41 },
      ),
    ]);
    const tarjeta = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(tarjeta).getByRole('button', { name: 'Cancelar' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Cancelar esta cita?' });
    expect(
      within(dialogo).getByText(/^Vas a cancelar tu cita del .+ Ese horario quedará disponible/),
    ).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    expect(await within(dialogo).findByText(/Escribe el motivo/)).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain(llamada(citasRutas.cancelar, { id: 41 }));
    await user.type(within(dialogo).getByRole('textbox', { name: /Motivo de la cancelación/ }), 'Viaje');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    expect(await screen.findByText('La cita quedó cancelada.')).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(citasRutas.cancelar, { id: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ motivo: 'Viaje' });
  });

  it('reschedules to a free time of the same doctor', async () => {
    const user = userEvent.setup({ delay: null });
    const nuevo = espacio(diaHabil(5), '10:30', 5);
    const fetch = montar([
      responde(citasRutas.disponibilidad, { body: [nuevo] }),
      responde(citasRutas.reagendar, { body: { ...lejana, inicio: nuevo.inicio, fecha: nuevo.inicio } }, { id: 41 }),
    ]);
    const tarjeta = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(tarjeta).getByRole('button', { name: 'Reagendar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reagendar cita' });
    // Issue 27.7: «Hoy está el sábado…» read as "today is Saturday"; the date said is the appointment's.
    expect(dialogo).toHaveTextContent(
      `Tu cita está agendada para el ${formatFechaLarga(lejana.inicio)} a las ${formatHora(lejana.inicio)} con`,
    );
    expect(dialogo).not.toHaveTextContent(/Hoy está/);
    // Neutral wording (issue 27.12): «con el mismo doctor» read wrong for a doctora.
    expect(dialogo).toHaveTextContent('Elige el nuevo día y la nueva hora en su agenda.');
    expect(dialogo).not.toHaveTextContent(/mismo doctor/);
    await user.click(await within(dialogo).findByRole('button', { name: formatHora(nuevo.inicio) }));
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar nuevo horario' }));
    expect(await screen.findByText('Cita reagendada')).toBeInTheDocument();
    expect(fetch.llamadas().find((l) => l.includes('/disponibilidad'))).toContain('doctor_id=5');
    const i = fetch.llamadas().indexOf(llamada(citasRutas.reagendar, { id: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ inicio: nuevo.inicio });
  });

  it('shows the load failure with a retry', async () => {
    localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
    mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(citasRutas.misCitas, { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } }),
      responde(esperaRutas.mias, { body: [] }),
    ]);
    renderEnRuta('/miscitas', { '/miscitas': <MisCitasScreen /> });
    expect(await screen.findByText('No se pudieron cargar las citas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
