// /citaspaciente/:usuarioId as SPEC 2 and 8 spell it: heading and name (default 'Desconocido'), columns, es-CO
// date with time, badge colours, details/edit links (edit disabled when cancelada), delete only logs (info),
// empty text, spinner, and the red alert in place of the list on a failed load. With no appointments the name comes
// from the person (issue 27.13); a list the API refuses is the one no-access screen.
import { carritoRutas, citasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { a, citaDePrueba, diaHabil } from './citas-fixtures.ts';
import CitasPacienteScreen from './citas-paciente-screen.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function montar(
  respuesta: Parameters<typeof responde<typeof citasRutas.citasUsuario>>[1],
  { rol = 'asistente', id = 9, extra = [] }: { rol?: string; id?: number; extra?: RutaSimulada[] } = {},
) {
  localStorage.setItem('token', tokenDePrueba({ id, rol }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    responde(citasRutas.citasUsuario, respuesta, { usuarioId: 1 }),
    ...extra,
  ]);
  renderEnRuta('/citaspaciente/1', { '/citaspaciente/:usuarioId': <CitasPacienteScreen /> });
  return fetch;
}

const marta = {
  id: 1,
  nombre: 'Marta Ríos',
  correo: 'marta@demo.test',
  rol: 'paciente',
  estado: true,
  tipodocumento: 'CC',
  numerodocumento: '52123456',
  telefono: '3001112233',
  direccion: null,
  genero: 'femenino',
  fecha_nacimiento: '1985-06-01',
  ocupacion: null,
  estado_civil: null,
  fecha_registro: '2026-01-10T15:00:00.000Z',
} as const;

const tono = (el: HTMLElement) => el.closest('[data-tono]')?.getAttribute('data-tono');

describe('citas del paciente (SPEC 2)', { timeout: 30_000 }, () => {
  it('lists the appointments with the spec columns, dates, badges and options', async () => {
    const user = userEvent.setup({ delay: null });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const inicio = a(diaHabil(2), '15:30');
    montar({
      body: [
        citaDePrueba({ id: 12, inicio, fecha: inicio, tipo: 'evaluacion', estado: 'confirmada' }),
        citaDePrueba({ id: 11, tipo: 'procedimiento', estado: 'pendiente' }),
        citaDePrueba({ id: 10, tipo: 'control', estado: 'realizada' }),
        citaDePrueba({ id: 9, tipo: 'evaluacion', estado: 'cancelada' }),
      ],
    });
    expect(await screen.findByText('Ana Torres')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Citas del paciente' })).toBeInTheDocument();
    const tabla = screen.getByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Fecha', 'Tipo', 'Estado', 'Opciones']);
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas).toHaveLength(4);
    expect(within(filas[0]!).getByText(formatFechaHora(inicio))).toBeInTheDocument();
    expect(formatFechaHora(inicio)).toMatch(/^\d{2}\/\d{2}\/\d{4}, 3:30 p\. m\.$/);

    expect(tono(within(filas[0]!).getByText('Evaluación'))).toBe('info');
    expect(tono(within(filas[1]!).getByText('Procedimiento'))).toBe('success');
    expect(tono(within(filas[2]!).getByText('Control'))).toBe('success');
    expect(tono(within(filas[0]!).getByText('Confirmada'))).toBe('success');
    expect(tono(within(filas[1]!).getByText('Pendiente'))).toBe('warning');
    expect(tono(within(filas[2]!).getByText('Realizada'))).toBe('primary');
    expect(tono(within(filas[3]!).getByText('Cancelada'))).toBe('danger');

    expect(screen.getByRole('link', { name: 'Ver detalles de la cita 12' })).toHaveAttribute(
      'href',
      '/detallescitas/12',
    );
    expect(screen.getByRole('link', { name: 'Editar la cita 12' })).toHaveAttribute('href', '/editarcita/12');
    const editarCancelada = screen.getByRole('button', { name: 'Editar la cita 9' });
    expect(editarCancelada).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Editar la cita 9' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar la cita 11' }));
    expect(info).toHaveBeenCalledWith('Eliminar cita', 11);
    expect(await screen.findByText('Las citas no se eliminan')).toBeInTheDocument();
  });

  it("says 'No hay citas registradas para este paciente.' and names her from her user record", async () => {
    montar({ body: [] }, { extra: [responde(usuariosRutas.buscar, { body: marta }, { id: 1 })] });
    expect(await screen.findByText('No hay citas registradas para este paciente.')).toBeInTheDocument();
    expect(await screen.findByTestId('nombre-paciente')).toHaveTextContent('Marta Ríos');
    expect(screen.queryByText('Desconocido')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the patient herself from her profile on her own empty list', async () => {
    const fetch = montar(
      { body: [] },
      { rol: 'paciente', id: 1, extra: [responde(usuariosRutas.perfil, { body: marta })] },
    );
    expect(await screen.findByTestId('nombre-paciente')).toHaveTextContent('Marta Ríos');
    expect(fetch.llamadas()).not.toContain('GET /apiusuarios/buscarusuarios/1');
  });

  it("keeps 'Desconocido' for an id nobody has (the user lookup answers 404)", async () => {
    montar(
      { body: [] },
      {
        extra: [
          responde(
            usuariosRutas.buscar,
            { status: 404, body: { error: 'No encontramos ese usuario.', code: 'NO_ENCONTRADO' } },
            { id: 1 },
          ),
        ],
      },
    );
    expect(await screen.findByTestId('nombre-paciente')).toHaveTextContent('Desconocido');
  });

  it('shows another patient the no-access screen and asks the API nothing about her', async () => {
    const fetch = montar({ body: [] }, { rol: 'paciente', id: 5 });
    expect(screen.getByRole('heading', { level: 1, name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(fetch.llamadas().filter((l) => l.includes('citasusuario') || l.includes('usuarios/'))).toEqual([]);
  });

  it('shows the no-access screen with the API reason when it refuses the list (403)', async () => {
    montar(
      { status: 403, body: { error: 'Solo puedes ver las citas de tus pacientes.', code: 'PROHIBIDO' } },
      { rol: 'doctor' },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No tienes acceso a esta sección' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Solo puedes ver las citas de tus pacientes.')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar las citas')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then the red alert in place of the list on a failure', async () => {
    montar({ status: 500, body: { error: 'Ocurrió un error inesperado.', code: 'ERROR_INTERNO' } });
    expect(screen.getByRole('status', { name: 'Cargando las citas…' })).toBeInTheDocument();
    const alerta = (await screen.findByText('No se pudieron cargar las citas')).closest('[role="alert"]');
    expect(alerta).toHaveAttribute('data-variant', 'light');
    expect(alerta?.getAttribute('style')).toContain('--alert-color: var(--mantine-color-red-light-color)');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
