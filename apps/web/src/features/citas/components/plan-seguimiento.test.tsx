// The follow-up plan on the appointment's details (issue 9, item 4): the appointment's doctor records it on the note
// (the form checks its fields), the proposal shows each session's date and clash, the doctor or an assistant ticks
// sessions and confirms; a slot taken meanwhile shows the server's message and nothing is said to be booked;
// assistants never see the clinical description; patients are asked nothing.
import { citasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../../test/api-mock.ts';
import type { DetalleCitaWire } from '../../../lib/api/citas/tipos.ts';
import type { PlanWire, PropuestaWire } from '../../../lib/api/planes/tipos.ts';
import { citaDePrueba, notaFirmadaDePrueba } from '../citas-fixtures.ts';
import { mockFetch, responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { montarDetalleCita } from '../../../test/detalle-cita.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const cita = (): DetalleCitaWire =>
  citaDePrueba({ estado: 'confirmada', tipo: 'procedimiento', procedimiento: { id: 3, nombre: 'Peeling' } });

const plan = (over: Partial<PlanWire> = {}): PlanWire => ({
  id: 9,
  cita_id: 41,
  paciente: { id: 1, nombre: 'Ana Torres' },
  doctor: { id: 5, nombre: 'Dra. Laura Gómez' },
  procedimiento: { id: 3, nombre: 'Peeling' },
  descripcion: 'Tres sesiones más para el melasma',
  cada_dias: 15,
  sesiones: 3,
  desde: '2099-03-02',
  creado_en: '2026-01-01T15:00:00.000Z',
  actualizado_en: '2026-01-01T15:00:00.000Z',
  agendadas: [],
  ...over,
});

const propuesta = (): PropuestaWire => ({
  plan_id: 9,
  impedimento: null,
  sesiones: [
    {
      sesion: 1,
      objetivo: '2099-03-02',
      estado: 'propuesta',
      inicio: '2099-03-02T15:00:00.000Z',
      fin: '2099-03-02T16:00:00.000Z',
      choque: null,
      cita_id: null,
    },
    {
      sesion: 2,
      objetivo: '2099-03-17',
      estado: 'propuesta',
      inicio: '2099-03-18T13:00:00.000Z',
      fin: '2099-03-18T14:00:00.000Z',
      choque: 'El 17/03/2099 no quedan espacios libres en la agenda.',
      cita_id: null,
    },
    {
      sesion: 3,
      objetivo: '2099-04-01',
      estado: 'propuesta',
      inicio: '2099-04-01T15:00:00.000Z',
      fin: '2099-04-01T16:00:00.000Z',
      choque: null,
      cita_id: null,
    },
  ],
});

const montar = (token: Record<string, unknown>, rutas: RutaSimulada[]) =>
  montarDetalleCita(token, [responde(citasRutas.buscar, { body: cita() }, { id: 41 }), ...rutas]);

const cuerpo = (fetch: ReturnType<typeof mockFetch>, ruta: string) => {
  const i = fetch.llamadas().indexOf(ruta);
  return JSON.parse(String(fetch.mock.calls[i]![1]!.body)) as unknown;
};

describe('plan de seguimiento', { timeout: 30_000 }, () => {
  it("the appointment's doctor records the plan on the note; the form says what is missing", async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      responde(planesRutas.porCita, { body: { plan: null } }, { citaId: 41 }),
      responde(procedimientosRutas.listar, {
        body: { items: [{ id: 3, nombre: 'Peeling' }], total: 1, pagina: 1, porPagina: 100 } as never,
      }),
      responde(planesRutas.crear, { status: 201, body: plan() }, { citaId: 41 }),
      responde(planesRutas.propuesta, { body: propuesta() }, { id: 9 }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Plan de seguimiento' });
    await user.click(await within(seccion).findByRole('button', { name: 'Registrar plan de seguimiento' }));
    await user.click(within(seccion).getByRole('button', { name: 'Guardar plan' }));
    expect(await within(seccion).findByText('Describe el plan (mínimo 3 caracteres)')).toBeInTheDocument();
    expect(within(seccion).getByText('Elige la fecha de la primera sesión')).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain(llamada(planesRutas.crear, { citaId: 41 }));

    await user.click(within(seccion).getByRole('textbox', { name: /Descripción del plan/ }));
    await user.paste('Tres sesiones más para el melasma');
    // Typed as es-CO writes it, whatever the browser's language.
    await user.type(within(seccion).getByLabelText(/Primera sesión/), '02/03/2099');
    await user.click(within(seccion).getByRole('button', { name: 'Guardar plan' }));
    // The appointment's procedure is the default one.
    expect(await within(seccion).findByText('Citas propuestas')).toBeInTheDocument();
    expect(cuerpo(fetch, llamada(planesRutas.crear, { citaId: 41 }))).toEqual({
      descripcion: 'Tres sesiones más para el melasma',
      procedimiento_id: 3,
      cada_dias: 15,
      sesiones: 3,
      desde: '2099-03-02',
    });
  });

  it('without a plan, the assistant reads a neutral line, not «El doctor…» (a doctora too; issue 27.12)', async () => {
    montar({ id: 9, rol: 'asistente' }, [responde(planesRutas.porCita, { body: { plan: null } }, { citaId: 41 })]);
    const seccion = await screen.findByRole('region', { name: 'Plan de seguimiento' });
    expect(await within(seccion).findByText('Aún no hay un plan de seguimiento para esta cita.')).toBeInTheDocument();
    expect(seccion).not.toHaveTextContent(/El doctor/);
  });

  it('the assistant sees the proposal with its clash, unticks a session and books the others', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ id: 9, rol: 'asistente' }, [
      responde(planesRutas.porCita, { body: { plan: plan({ descripcion: null }) } }, { citaId: 41 }),
      responde(planesRutas.propuesta, { body: propuesta() }, { id: 9 }),
      responde(
        planesRutas.confirmar,
        { status: 201, body: { plan: plan({ descripcion: null }), citas: [cita(), cita()] } },
        { id: 9 },
      ),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Plan de seguimiento' });
    expect(await within(seccion).findByText('Con choque')).toBeInTheDocument();
    expect(
      within(seccion).getByText(
        /no quedan espacios libres en la agenda\. Siguiente hora libre: 18\/03\/2099, 8:00 a\. m\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(seccion).queryByText(/melasma/)).not.toBeInTheDocument();
    await user.click(within(seccion).getByRole('checkbox', { name: 'Agendar la sesión 2' }));
    await user.click(within(seccion).getByRole('button', { name: 'Agendar 2 sesiones' }));
    expect(await screen.findByText(/Se agendaron 2 citas del plan/)).toBeInTheDocument();
    expect(cuerpo(fetch, llamada(planesRutas.confirmar, { id: 9 }))).toEqual({
      sesiones: [
        { sesion: 1, inicio: '2099-03-02T15:00:00.000Z' },
        { sesion: 3, inicio: '2099-04-01T15:00:00.000Z' },
      ],
    });
  });

  it('a slot taken after the proposal: the server says which session and that nothing was booked', async () => {
    const user = userEvent.setup({ delay: null });
    const mensaje =
      'El horario de la sesión 3 ya no está libre: alguien lo tomó después de la propuesta. No se agendó ninguna sesión; revisa la propuesta actualizada y confirma de nuevo.';
    montar({ id: 5, rol: 'doctor' }, [
      responde(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      responde(planesRutas.porCita, { body: { plan: plan() } }, { citaId: 41 }),
      responde(planesRutas.propuesta, { body: propuesta() }, { id: 9 }),
      responde(planesRutas.confirmar, { status: 409, body: { error: mensaje, code: 'HORARIO_OCUPADO' } }, { id: 9 }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Plan de seguimiento' });
    expect(await within(seccion).findByText('Tres sesiones más para el melasma')).toBeInTheDocument();
    await user.click(await within(seccion).findByRole('button', { name: 'Agendar 3 sesiones' }));
    const alerta = await within(seccion).findByRole('alert');
    expect(alerta).toHaveTextContent('No se agendó ninguna sesión');
    expect(alerta).toHaveTextContent('sesión 3 ya no está libre');
  });

  it('booked sessions cannot be ticked again; a patient is asked nothing about plans', async () => {
    const agendada = propuesta();
    agendada.sesiones = agendada.sesiones.map((s) => ({ ...s, estado: 'agendada' as const, cita_id: 50 + s.sesion }));
    montar({ id: 9, rol: 'asistente' }, [
      responde(planesRutas.porCita, { body: { plan: plan({ descripcion: null }) } }, { citaId: 41 }),
      responde(planesRutas.propuesta, { body: agendada }, { id: 9 }),
    ]);
    expect(await screen.findByText('Todas las sesiones del plan están agendadas.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Agendar la sesión 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Agendar \d/ })).not.toBeInTheDocument();
  });

  it('a patient sees no plan section and no plan request is made', async () => {
    const fetch = montar({ id: 1, rol: 'paciente' }, [
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
    ]);
    expect(await screen.findByText('Quiero mejorar las manchas')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan de seguimiento' })).not.toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.includes('/apiplanesseguimiento/'))).toBe(false);
  });
});
