// /detallescitas/:id and /citas/:id: every field with its badges, and the actions of each viewer: staff confirm,
// only the appointment's doctor marks it realizada, cancel with a reason, edit; the patient cancels or
// reschedules their own; a cancelled appointment offers no edit.
import { citasRutas } from '@clinica/contracts/rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../test/api-mock.ts';
import { citaDePrueba, notaFirmadaDePrueba } from './citas-fixtures.ts';
import { responde, type RutaSimulada } from '../../test/mock-fetch.ts';
import { montarDetalleCita } from '../../test/detalle-cita.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const montar = (token: Record<string, unknown>, rutas: RutaSimulada[], ruta?: string) =>
  montarDetalleCita(token, rutas, { ruta });

describe('detalle de la cita', { timeout: 30_000 }, () => {
  it('shows every field and lets the assistant confirm it', async () => {
    const user = userEvent.setup({ delay: null });
    const cita = citaDePrueba();
    const fetch = montar({ id: 9, rol: 'asistente' }, [
      responde(citasRutas.editarEstado, { body: { ...cita, estado: 'confirmada' } }, { id: 41 }),
      responde(citasRutas.buscar, { body: cita }, { id: 41 }),
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
    const i = fetch.llamadas().indexOf(llamada(citasRutas.editarEstado, { id: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ estado: 'confirmada' });
  });

  it("lets only the appointment's doctor mark it realizada, after confirming", async () => {
    const user = userEvent.setup({ delay: null });
    const empezada = new Date(Date.now() - 10 * 60_000).toISOString();
    const cita = citaDePrueba({ estado: 'confirmada', inicio: empezada, fecha: empezada, realizada: { faltan: [] } });
    const fetch = montar(
      { id: 5, rol: 'doctor' },
      [
        responde(citasRutas.editarEstado, { body: { ...cita, estado: 'realizada' } }, { id: 41 }),
        responde(citasRutas.buscar, { body: cita }, { id: 41 }),
        // Issue 9: realizada needs the signed clinical note.
        responde(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      ],
      '/citas/41',
    );
    // Nothing is missing, as the server says.
    const boton = await screen.findByRole('button', { name: 'Marcar realizada' });
    expect(boton).toBeEnabled();
    await user.click(boton);
    const dialogo = await screen.findByRole('dialog', { name: '¿Marcar la cita como realizada?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar realizada' }));
    expect(await screen.findByText('La cita quedó marcada como realizada.')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(citasRutas.editarEstado, { id: 41 }));
  });

  it('issue 27.9: actions first; realizada disabled with every missing requirement the server lists', async () => {
    const faltan = [
      { requisito: 'confirmada' as const, mensaje: 'Para marcarla como realizada, primero confirma la cita.' },
      {
        requisito: 'nota' as const,
        mensaje: 'Para marcar la cita como realizada, primero escribe y firma su nota de evolución.',
      },
    ];
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: citaDePrueba({ realizada: { faltan } }) }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
    ]);
    const acciones = await screen.findByRole('region', { name: 'Acciones de la cita' });
    const boton = within(acciones).getByRole('button', { name: 'Marcar realizada' });
    expect(boton).toBeDisabled();
    expect(within(acciones).getByRole('button', { name: 'Confirmar cita' })).toBeEnabled();
    const lista = within(acciones).getByRole('list', { name: 'Para marcarla como realizada falta:' });
    expect(boton).toHaveAttribute('aria-describedby', lista.id);
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Para marcarla como realizada, primero confirma la cita. ',
      'Para marcar la cita como realizada, primero escribe y firma su nota de evolución. Ir a la nota de evolución',
    ]);
    expect(within(lista).getByRole('link', { name: 'Ir a la nota de evolución' })).toHaveAttribute(
      'href',
      '#nota-evolucion-titulo',
    );
    // The actions come before the appointment's data and the sections under it.
    const datos = screen.getByText('Número de cita');
    expect(acciones.compareDocumentPosition(datos) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("issue 27.9: her doctor sees the patient's allergies and alert flags, and the way to her record", async () => {
    const alertas = {
      historia_id: 12,
      alergias: ['Penicilina', 'Látex'],
      banderas: ['embarazo_lactancia' as const, 'diabetes' as const],
    };
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: citaDePrueba({ alertas_paciente: alertas }) }, { id: 41 }),
    ]);
    const alerta = (await screen.findByText('Alergias y alertas (3)')).closest('[role="alert"]') as HTMLElement;
    expect(
      within(alerta)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alergias: Penicilina, Látex', 'Embarazo o lactancia', 'Diabetes']);
    expect(within(alerta).getByRole('link', { name: 'Ver la historia clínica' })).toHaveAttribute(
      'href',
      '/detalleshistorialmedico?id=12',
    );
  });

  it('a patient without a record: her doctor is told so and offered to create it', async () => {
    const sinHistoria = { historia_id: null, alergias: [], banderas: [] };
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: citaDePrueba({ alertas_paciente: sinHistoria }) }, { id: 41 }),
    ]);
    expect(await screen.findByText('Sin historia clínica')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear la historia clínica' })).toHaveAttribute(
      'href',
      '/crearhistorialclinico',
    );
  });

  it('another doctor sees the button disabled with the reason', async () => {
    const faltan = [
      { requisito: 'doctor' as const, mensaje: 'Solo el doctor de la cita puede marcarla como realizada.' },
    ];
    const cita = citaDePrueba({ estado: 'confirmada', realizada: { faltan } });
    montar({ id: 6, rol: 'doctor' }, [responde(citasRutas.buscar, { body: cita }, { id: 41 })]);
    expect(await screen.findByRole('button', { name: 'Marcar realizada' })).toBeDisabled();
    expect(screen.getByText(/Solo el doctor de la cita puede marcarla como realizada/)).toBeInTheDocument();
  });

  it('a cancelled appointment shows its reason and offers no edit', async () => {
    const cita = citaDePrueba({ estado: 'cancelada', motivo_cancelacion: 'Viaje de trabajo' });
    montar({ id: 9, rol: 'asistente' }, [responde(citasRutas.buscar, { body: cita }, { id: 41 })]);
    expect(await screen.findByText('Viaje de trabajo')).toBeInTheDocument();
    expect(screen.getByText('Cancelada').closest('[data-tono]')).toHaveAttribute('data-tono', 'danger');
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.getByText('La cita está cancelada y no se puede modificar.')).toBeInTheDocument();
  });

  it('the patient gets cancel and reschedule on their own', async () => {
    montar({ id: 1, rol: 'paciente' }, [responde(citasRutas.buscar, { body: citaDePrueba() }, { id: 41 })]);
    expect(await screen.findByRole('button', { name: 'Reagendar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancelar cita' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Confirmar cita' })).not.toBeInTheDocument();
  });

  it('says the appointment was not found on a 404', async () => {
    montar({ id: 1, rol: 'paciente' }, [
      responde(citasRutas.buscar, { status: 404, body: { error: 'No encontramos esa cita.', code: 'NO_ENCONTRADO' } }),
    ]);
    expect(await screen.findByText('No encontramos esa cita.')).toBeInTheDocument();
  });
});
