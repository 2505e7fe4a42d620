import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { diaHabil, doctores, iso } from './agenda-fixtures.ts';
import HorariosScreen from './horarios-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const semana = [
  { dia_semana: 1, hora_inicio: '08:00', hora_fin: '12:00' },
  { dia_semana: 1, hora_inicio: '13:00', hora_fin: '18:00' },
];
const dia = diaHabil(10);
const vacaciones = { id: 4, doctor_id: 2, inicio: iso(dia, '08:00'), fin: iso(dia, '18:00'), motivo: 'Vacaciones' };

function entrar(rol: Rol, id = 1) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id, rol }));
  return renderWithProviders(<HorariosScreen />, { route: '/agenda/horarios' });
}

describe('HorariosScreen', () => {
  it("edits the first doctor's week and replaces it with PUT", async () => {
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.horarios, { body: semana }, { doctorId: 2 }),
      responde(citasRutas.bloqueos, { body: [] }, { doctorId: 2 }),
      responde(
        citasRutas.reemplazarHorarios,
        ({ body: b }) => ({ body: (b as { horarios: typeof semana }).horarios }),
        { doctorId: 2 },
      ),
    ]);
    entrar('asistente');
    const hasta = await screen.findByLabelText('Lunes, franja 2: hasta');
    expect(screen.getByText('Sin bloqueos próximos')).toBeInTheDocument();
    expect(screen.getAllByText('No atiende')).toHaveLength(6);
    fireEvent.change(hasta, { target: { value: '17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar franja al sábado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(await screen.findByText('Horario guardado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      horarios: [
        { dia_semana: 1, hora_inicio: '08:00', hora_fin: '12:00' },
        { dia_semana: 1, hora_inicio: '13:00', hora_fin: '17:00' },
        { dia_semana: 6, hora_inicio: '08:00', hora_fin: '12:00' },
      ],
    });
  });

  it('refuses overlapping windows before sending', async () => {
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.horarios, { body: semana }, { doctorId: 2 }),
      responde(citasRutas.bloqueos, { body: [] }, { doctorId: 2 }),
    ]);
    entrar('administrador');
    const desde = await screen.findByLabelText('Lunes, franja 2: desde');
    fireEvent.change(desde, { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Se cruza con otra franja del mismo día.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a doctor manages their own agenda; deleting a block asks first', async () => {
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.horarios, { body: semana }, { doctorId: 3 }),
      responde(citasRutas.bloqueos, { body: [{ ...vacaciones, doctor_id: 3 }] }, { doctorId: 3 }),
      responde(citasRutas.eliminarBloqueo, { body: { mensaje: 'Bloqueo eliminado' } }, { doctorId: 3, id: 4 }),
    ]);
    entrar('doctor', 3);
    fireEvent.click(await screen.findByRole('button', { name: /Eliminar el bloqueo «Vacaciones»/ }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Eliminar el bloqueo?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar bloqueo' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/apicitas/bloqueos/3/4')).toBe(true),
    );
    expect(await screen.findByText('Bloqueo eliminado')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Doctor' })).not.toBeInTheDocument();
  });

  it('asks for the start day and the reason before creating a block', async () => {
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.horarios, { body: semana }, { doctorId: 2 }),
      responde(citasRutas.bloqueos, { body: [] }, { doctorId: 2 }),
      responde(citasRutas.crearBloqueo, { status: 201, body: vacaciones }, { doctorId: 2 }),
    ]);
    entrar('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Bloquear horario' }));
    expect(await screen.findByText('Elige el día de inicio.')).toBeInTheDocument();
    expect(screen.getByText('Escribe el motivo (mínimo 3 caracteres).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
