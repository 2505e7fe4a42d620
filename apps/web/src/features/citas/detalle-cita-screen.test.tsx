// /detallescitas/:id and /citas/:id: every field with its badges, and the actions of each viewer: staff confirm,
// only the appointment's doctor marks it realizada, cancel with a reason, edit; the patient cancels or
// reschedules their own; a cancelled appointment offers no edit.
import { carritoRutas, citasRutas } from '@clinica/contracts/rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../test/api-mock.ts';
import { en, llamadas, mockFetch, renderEnRuta, tokenDePrueba, type Route } from '../../test/carrito-test-utils.tsx';
import { citaDePrueba, notaFirmadaDePrueba } from './citas-fixtures.ts';
import DetalleCitaScreen from './detalle-cita-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function montar(token: Record<string, unknown>, rutas: Route[], ruta = '/detallescitas/41') {
  localStorage.setItem('token', tokenDePrueba(token));
  const fetch = mockFetch([en(carritoRutas.listar, { body: [] }), ...rutas]);
  renderEnRuta(ruta, {
    '/detallescitas/:id': <DetalleCitaScreen />,
    '/citas/:id': <DetalleCitaScreen />,
  });
  return fetch;
}

describe('detalle de la cita', { timeout: 30_000 }, () => {
  it('shows every field and lets the assistant confirm it', async () => {
    const user = userEvent.setup({ delay: null });
    const cita = citaDePrueba();
    const fetch = montar({ id: 9, rol: 'asistente' }, [
      en(citasRutas.editarEstado, { body: { ...cita, estado: 'confirmada' } }, { id: 41 }),
      en(citasRutas.buscar, { body: cita }, { id: 41 }),
    ]);
    expect(await screen.findByText('Dra. Laura Gómez')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Torres' })).toHaveAttribute('href', '/citaspaciente/1');
    expect(screen.getByText('ana@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Quiero mejorar las manchas')).toBeInTheDocument();
    expect(screen.getByText('Limpieza facial profunda')).toBeInTheDocument();
    expect(screen.getByText('Evaluación').closest('[data-tono]')).toHaveAttribute('data-tono', 'info');
    expect(screen.getByText('Pendiente').closest('[data-tono]')).toHaveAttribute('data-tono', 'warning');
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/editarcita/41');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findByText('La cita quedó confirmada.')).toBeInTheDocument();
    const i = llamadas(fetch).indexOf(llamada(citasRutas.editarEstado, { id: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ estado: 'confirmada' });
  });

  it("lets only the appointment's doctor mark it realizada, after confirming", async () => {
    const user = userEvent.setup({ delay: null });
    const empezada = new Date(Date.now() - 10 * 60_000).toISOString();
    const cita = citaDePrueba({ estado: 'confirmada', inicio: empezada, fecha: empezada });
    const fetch = montar(
      { id: 5, rol: 'doctor' },
      [
        en(citasRutas.editarEstado, { body: { ...cita, estado: 'realizada' } }, { id: 41 }),
        en(citasRutas.buscar, { body: cita }, { id: 41 }),
        // Issue 9: realizada needs the signed clinical note.
        en(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      ],
      '/citas/41',
    );
    const boton = await screen.findByRole('button', { name: 'Marcar realizada' });
    // Enabled once the signed note is known.
    await vi.waitFor(() => expect(boton).toBeEnabled());
    await user.click(boton);
    const dialogo = await screen.findByRole('dialog', { name: '¿Marcar la cita como realizada?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar realizada' }));
    expect(await screen.findByText('La cita quedó marcada como realizada.')).toBeInTheDocument();
    expect(llamadas(fetch)).toContain(llamada(citasRutas.editarEstado, { id: 41 }));
  });

  it('another doctor sees the button disabled with the reason', async () => {
    const cita = citaDePrueba({ estado: 'confirmada' });
    montar({ id: 6, rol: 'doctor' }, [en(citasRutas.buscar, { body: cita }, { id: 41 })]);
    expect(await screen.findByRole('button', { name: 'Marcar realizada' })).toBeDisabled();
    expect(screen.getByText('Solo el doctor de la cita la marca como realizada.')).toBeInTheDocument();
  });

  it('a cancelled appointment shows its reason and offers no edit', async () => {
    const cita = citaDePrueba({ estado: 'cancelada', motivo_cancelacion: 'Viaje de trabajo' });
    montar({ id: 9, rol: 'asistente' }, [en(citasRutas.buscar, { body: cita }, { id: 41 })]);
    expect(await screen.findByText('Viaje de trabajo')).toBeInTheDocument();
    expect(screen.getByText('Cancelada').closest('[data-tono]')).toHaveAttribute('data-tono', 'danger');
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.getByText('La cita está cancelada y no se puede modificar.')).toBeInTheDocument();
  });

  it('the patient gets cancel and reschedule on their own', async () => {
    montar({ id: 1, rol: 'paciente' }, [en(citasRutas.buscar, { body: citaDePrueba() }, { id: 41 })]);
    expect(await screen.findByRole('button', { name: 'Reagendar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancelar cita' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Confirmar cita' })).not.toBeInTheDocument();
  });

  it('says the appointment was not found on a 404', async () => {
    montar({ id: 1, rol: 'paciente' }, [
      en(citasRutas.buscar, { status: 404, body: { error: 'No encontramos esa cita.', code: 'NO_ENCONTRADO' } }),
    ]);
    expect(await screen.findByText('No encontramos esa cita.')).toBeInTheDocument();
  });
});
