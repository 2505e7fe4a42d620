// The bell (count in its accessible name, dropdown actions, a click opens the route and marks it read) and the
// history screens (archived included, per-role path, empty list on failure).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificacionesDoctorRutas, notificacionesUsuarioRutas } from '@clinica/contracts/rutas';
import { NotificacionesProvider } from '../../lib/notificaciones/notificaciones-context.tsx';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { CampanaNotificaciones, nombreCampana } from './components/campana-notificaciones.tsx';
import HistorialNotificacionesScreen from './historial-notificaciones-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { notificacion as n } from '../../test/notificaciones-fixtures.ts';

vi.mock('socket.io-client', async () => {
  const { SocketFalso } = await import('../../lib/notificaciones/socket-falso.ts');
  return { io: () => new SocketFalso() };
});

beforeEach(() => {
  vi.stubGlobal('Notification', undefined);
});

describe('CampanaNotificaciones', () => {
  it('names the unread count', () => {
    expect(nombreCampana(3)).toBe('Notificaciones, 3 sin leer');
    expect(nombreCampana(0)).toBe('Notificaciones, ninguna sin leer');
  });

  it('opens the list; a click opens the route and marks it read; all can be marked read', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600, { id: 7, rol: 'doctor' }));
    const { calls } = mockFetch([
      responde(notificacionesDoctorRutas.listar, { body: [n(3), n(2), n(1, true)] }),
      responde(notificacionesDoctorRutas.marcarLeida, { body: n(3, true) }),
      responde(notificacionesDoctorRutas.marcarTodasLeidas, { body: { actualizadas: 1 } }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <NotificacionesProvider>
        <CampanaNotificaciones />
      </NotificacionesProvider>,
      // Any path keeps the bell mounted after it navigates.
      { route: '/panelotro', path: '/*' },
    );
    const campana = await screen.findByRole('button', { name: 'Notificaciones, 2 sin leer' });
    await user.click(campana);
    const lista = await screen.findByRole('list', { name: 'Notificaciones recientes' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(lista).getByRole('button', { name: /^Sin leer: Nueva cita con Paciente 3/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/detallescitas/103'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ notificacionId: 3 });
    await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' });

    await user.click(screen.getByRole('button', { name: 'Notificaciones, 1 sin leer' }));
    await user.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' });
  });

  it('shows an empty state when there is nothing', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600, { id: 8, rol: 'paciente' }));
    mockFetch([responde(notificacionesUsuarioRutas.listar, { body: [] })]);
    const user = userEvent.setup();
    renderWithProviders(
      <NotificacionesProvider>
        <CampanaNotificaciones />
      </NotificacionesProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' }));
    expect(await screen.findByText('No tienes notificaciones nuevas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archivar leídas' })).toBeDisabled();
  });
});

describe('HistorialNotificacionesScreen', () => {
  const rutas = (
    <>
      <Route
        path="/historial-notificaciones"
        element={
          <NotificacionesProvider>
            <HistorialNotificacionesScreen />
          </NotificacionesProvider>
        }
      />
      <Route
        path="/notificaciones/usuario/historial"
        element={
          <NotificacionesProvider>
            <HistorialNotificacionesScreen />
          </NotificacionesProvider>
        }
      />
    </>
  );

  it('lists the doctor history with archived ones and filters by state', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600, { id: 7, rol: 'doctor' }));
    mockFetch([
      responde(notificacionesDoctorRutas.listar, { body: [n(3)] }),
      responde(notificacionesDoctorRutas.historial, {
        body: [n(3), n(2, true), n(1, true, { archivada: true, ruta: null })],
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<div />, { route: '/historial-notificaciones', path: '/nada', routes: rutas });
    const lista = await screen.findByRole('list', { name: 'Notificaciones' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(3);
    expect(within(lista).getByText('Archivada')).toBeInTheDocument();
    expect(within(lista).getAllByText('20/11/2026, 10:00 a. m.')).toHaveLength(3);
    // "Ver la cita" stays inside the app: no external-link icon on it (issue 27.12).
    const ver = within(lista).getAllByRole('link', { name: /^Ver la cita:/ });
    expect(ver).toHaveLength(2);
    for (const enlace of ver) {
      expect(enlace).toHaveAttribute('href', expect.stringMatching(/^\/detallescitas\/\d+$/));
      expect(enlace.querySelector('svg')).toBeNull();
    }
    await user.click(screen.getByRole('radio', { name: 'Archivadas' }));
    expect(within(screen.getByRole('list', { name: 'Notificaciones' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends a patient on the doctor path to their own, and shows an empty list when the history fails', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600, { id: 8, rol: 'paciente' }));
    mockFetch([
      responde(notificacionesUsuarioRutas.listar, { body: [] }),
      responde(notificacionesUsuarioRutas.historial, { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } }),
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<div />, { route: '/historial-notificaciones', path: '/nada', routes: rutas });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notificaciones/usuario/historial'));
    expect(await screen.findByText('No hay notificaciones para mostrar')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
