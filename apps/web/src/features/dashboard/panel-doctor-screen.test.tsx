// The doctor panel stays current without reloading (issue 27.14): a change to one of her appointments that brings
// her no notification (the desk cancels or confirms it) arrives as citaActualizada and her figures are read again.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { citasRutas, notificacionesDoctorRutas } from '@clinica/contracts/rutas';
import { instanteLocal } from '@clinica/contracts/tiempo';
import type { RespuestaApi } from '../../lib/api-client.ts';
import { NotificacionesProvider } from '../../lib/notificaciones/notificaciones-context.tsx';
import type { SocketFalso } from '../../lib/notificaciones/socket-falso.ts';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { paginaDe, renderWithProviders } from '../../test/session-test-utils.tsx';
import { hoy, zonaClinica } from '../../lib/tiempo.ts';
import PanelDoctorScreen from './panel-doctor-screen.tsx';
import { citaWire } from '../../test/citas-fixtures.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

const io = vi.hoisted(() => ({ sockets: [] as SocketFalso[] }));
vi.mock('socket.io-client', async () => {
  const { SocketFalso: Falso } = await import('../../lib/notificaciones/socket-falso.ts');
  return {
    io: () => {
      const s = new Falso();
      io.sockets.push(s);
      return s;
    },
  };
});

type Cita = RespuestaApi<typeof citasRutas.misCitas>[number];
const inicio = instanteLocal(hoy(), '15:00', zonaClinica).toISOString();
const cita = (estado: Cita['estado']): Cita =>
  citaWire(inicio, {
    id: 41,
    estado,
    usuario: { id: 10, nombre: 'Ana Torres', correo: 'ana@demo.test', telefono: null, numerodocumento: '1' },
    doctor: { id: 5, nombre: 'Dra. Laura Gómez' },
  });

beforeEach(() => {
  io.sockets.length = 0;
  vi.stubGlobal('Notification', undefined);
});
afterEach(() => vi.unstubAllGlobals());

/** The figure under its label in the panel's list. */
const cifra = (etiqueta: string) => {
  const dt = within(screen.getByRole('region', { name: 'Tus citas' })).getByText(etiqueta, { selector: 'dt' });
  return dt.nextElementSibling!.textContent;
};

describe('panel del médico en vivo', () => {
  it('a cancellation by the desk changes her figures without reloading, though no notification came', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600, { id: 5, rol: 'doctor' }));
    let estado: Cita['estado'] = 'pendiente';
    mockFetch([
      responde(notificacionesDoctorRutas.listar, { body: [] }),
      responde(citasRutas.listar, () => ({ body: paginaDe([cita(estado)]) })),
    ]);
    renderWithProviders(
      <NotificacionesProvider>
        <PanelDoctorScreen />
      </NotificacionesProvider>,
      { route: '/panelotro' },
    );
    await vi.waitFor(() => expect(cifra('Pendientes')).toBe('1'));
    expect(cifra('Canceladas')).toBe('0');
    await vi.waitFor(() => expect(io.sockets).toHaveLength(1));
    act(() => io.sockets[0]!.conectar());

    // The desk cancels it: the server pushes only the appointment's id.
    estado = 'cancelada';
    act(() => io.sockets[0]!.disparar('citaActualizada', { cita_id: 41 }));
    await vi.waitFor(() => expect(cifra('Canceladas')).toBe('1'));
    expect(cifra('Pendientes')).toBe('0');
    expect(cifra('Total')).toBe('1');
    // Nothing was added to her feed: the change reached her panel, not her notifications.
    expect(screen.getByText(/Aún no tienes notificaciones/)).toBeInTheDocument();
  });
});
