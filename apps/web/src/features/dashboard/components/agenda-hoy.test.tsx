import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citasRutas } from '@clinica/contracts/rutas';
import { instanteLocal } from '@clinica/contracts/tiempo';
import type { RespuestaApi } from '../../../lib/api-client.ts';
import { tokenExpiringIn } from '../../../test/test-tokens.ts';
import { paginaDe, renderWithProviders } from '../../../test/session-test-utils.tsx';
import { hoy, zonaClinica } from '../../../lib/tiempo.ts';
import { citaWire } from '../../../test/citas-fixtures.ts';
import { AgendaHoy } from './agenda-hoy.tsx';
import { mockFetch, responde } from '../../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

type Cita = RespuestaApi<typeof citasRutas.misCitas>[number];
const dia = hoy();
const cita = (id: number, hora: string, extra: Partial<Cita> = {}): Cita =>
  citaWire(instanteLocal(dia, hora, zonaClinica).toISOString(), {
    id,
    usuario: { id: 10, nombre: `Paciente ${id}`, correo: 'p@demo.test', telefono: null, numerodocumento: '1' },
    ...extra,
  });

function entrar(conDoctor = true) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: conDoctor ? 'asistente' : 'doctor' }));
  return renderWithProviders(<AgendaHoy conDoctor={conDoctor} />, { route: '/dashboard' });
}

describe('AgendaHoy', () => {
  it("lists today's appointments in time order without the cancelled ones", async () => {
    const { calls } = mockFetch([
      responde(citasRutas.listar, {
        body: paginaDe([
          cita(2, '11:00', { tipo: 'procedimiento', estado: 'pendiente' }),
          cita(1, '09:00'),
          cita(3, '10:00', { estado: 'cancelada' }),
        ]),
      }),
    ]);
    entrar();
    const lista = await screen.findByRole('list');
    const items = within(lista).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(/Paciente 1, con Dr\. Andrés Gómez: ver detalles/);
    expect(items[0]).toHaveAttribute('href', '/detallescitas/1');
    expect(within(items[1]!).getByText('Procedimiento')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText('2 citas')).toBeInTheDocument();
    const q = calls[0]!.url.searchParams;
    expect([q.get('desde'), q.get('hasta')]).toEqual([dia, dia]);
    expect(screen.getByRole('link', { name: 'Abrir el calendario' })).toHaveAttribute(
      'href',
      `/calendariocitas?fecha=${dia}`,
    );
  });

  it('says when there is nothing today and when the agenda fails to load', async () => {
    mockFetch([responde(citasRutas.listar, { body: paginaDe([]) })]);
    const { unmount } = entrar(false);
    expect(await screen.findByText('No hay citas para hoy.')).toBeInTheDocument();
    unmount();
    mockFetch([responde(citasRutas.listar, { status: 500, body: { error: 'Falló.', code: 'ERROR_INTERNO' } })]);
    entrar(false);
    expect(await screen.findByText(/No pudimos cargar la agenda de hoy/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
