// SPEC 4, 6, 7, 8, 9: the notification context's rules, with socket.io-client mocked and the REST calls faked.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificacionesDoctorRutas, notificacionesUsuarioRutas } from '@clinica/contracts/rutas';
import type { NotificacionWire } from '@clinica/contracts/notificaciones';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { OPCIONES_RECONEXION } from './conexion.ts';
import { olvidarPermisosPedidos } from './escritorio.ts';
import {
  estadoInicial,
  NotificacionesProvider,
  reducirNotificaciones,
  useNotificaciones,
  type NotificacionesContexto,
} from './notificaciones-context.tsx';
import { SocketFalso } from './socket-falso.ts';
import { type RutaSimulada, jsonResponse, mockFetch, responde } from '../../test/mock-fetch.ts';
import { notificacion as n } from '../../test/notificaciones-fixtures.ts';

const io = vi.hoisted(() => ({ sockets: [] as SocketFalso[], llamadas: [] as unknown[][] }));
vi.mock('socket.io-client', async () => {
  const { SocketFalso: Falso } = await import('./socket-falso.ts');
  return {
    io: (...args: unknown[]) => {
      io.llamadas.push(args);
      const s = new Falso();
      io.sockets.push(s);
      return s;
    },
  };
});

const sonda: { ctx: NotificacionesContexto | null } = { ctx: null };
/** The context as the probe last rendered it. */
const ctx = () => sonda.ctx!;
function Sonda() {
  const valor = useNotificaciones();
  useEffect(() => {
    sonda.ctx = valor;
  });
  return (
    <div data-testid="sonda">
      {valor.noLeidas}|{valor.notificaciones.map((x) => `${x.id}${x.leida ? 'L' : 'N'}`).join(',')}
    </div>
  );
}
const leer = () => screen.getByTestId('sonda').textContent;

function signIn(rol: string, id = 7) {
  localStorage.setItem('token', tokenExpiringIn(3600, { id, rol }));
}

function montar() {
  return renderWithProviders(
    <NotificacionesProvider>
      <Sonda />
    </NotificacionesProvider>,
  );
}

const socket = () => {
  const s = io.sockets.at(-1);
  if (!s) throw new Error('no socket yet');
  return s;
};

class NotificationFalsa {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  static creadas: { titulo: string; opciones?: NotificationOptions }[] = [];
  onclick: (() => void) | null = null;
  constructor(titulo: string, opciones?: NotificationOptions) {
    NotificationFalsa.creadas.push({ titulo, opciones });
  }
  close() {}
}

beforeEach(() => {
  io.sockets.length = 0;
  io.llamadas.length = 0;
  NotificationFalsa.permission = 'granted';
  NotificationFalsa.creadas = [];
  NotificationFalsa.requestPermission.mockClear();
  vi.stubGlobal('Notification', NotificationFalsa);
  olvidarPermisosPedidos();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const feedDoctor = (lista: NotificacionWire[], extra: RutaSimulada[] = []) => [
  ...extra,
  responde(notificacionesDoctorRutas.listar, { body: lista }),
];

describe('reducirNotificaciones (SPEC 4)', () => {
  const cargado = reducirNotificaciones(estadoInicial, { type: 'cargada', lista: [n(2), n(1, true)] });

  it('counts the unread ones of a loaded list', () => {
    expect(cargado.noLeidas).toBe(1);
  });

  it('adds a live notification at the front as unread and raises the counter by one', () => {
    const s = reducirNotificaciones(cargado, { type: 'nueva', notificacion: n(3, true) });
    expect(s.lista.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(s.lista[0]!.leida).toBe(false);
    expect(s.noLeidas).toBe(2);
  });

  it('lowers the counter only when the one marked read was unread, never below zero', () => {
    const a = reducirNotificaciones(cargado, { type: 'leida', id: 2 });
    expect(a.noLeidas).toBe(0);
    expect(a.lista.find((x) => x.id === 2)!.leida).toBe(true);
    expect(reducirNotificaciones(a, { type: 'leida', id: 1 }).noLeidas).toBe(0);
    expect(reducirNotificaciones(a, { type: 'leida', id: 2 }).noLeidas).toBe(0);
    // A counter already at 0 with an unread item (should not happen, but must not go negative).
    const raro = { lista: [n(9)], noLeidas: 0 };
    expect(reducirNotificaciones(raro, { type: 'leida', id: 9 }).noLeidas).toBe(0);
  });

  it('marking all sets every item read and the counter to 0', () => {
    const s = reducirNotificaciones(cargado, { type: 'todasLeidas' });
    expect(s.noLeidas).toBe(0);
    expect(s.lista.every((x) => x.leida)).toBe(true);
  });
});

describe('NotificacionesProvider', () => {
  it('throws outside its provider, saying it must be used inside the provider', () => {
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<Sonda />)).toThrow('useNotificaciones debe usarse dentro de NotificacionesProvider');
  });

  it.each([
    {
      caso: 'a doctor (any casing) loads the doctor feed and registers as a doctor on connecting',
      rol: 'DOCTOR',
      id: 7,
      rutas: feedDoctor([n(2), n(1, true)]),
      lista: '1|2N,1L',
      feed: '/apiusuarios/notificaciones/7',
      registro: 'registrarDoctor',
    },
    {
      caso: 'any other role uses the patient feed and registers as a patient',
      rol: 'asistente',
      id: 9,
      rutas: [responde(notificacionesUsuarioRutas.listar, { body: [n(5)] })],
      lista: '1|5N',
      feed: '/apiusuarios/notificacionesusuario/9',
      registro: 'registrarPaciente',
    },
  ])('$caso', async ({ rol, id, rutas, lista, feed, registro }) => {
    signIn(rol, id);
    const { calls } = mockFetch(rutas);
    montar();
    await waitFor(() => expect(leer()).toBe(lista));
    expect(calls[0]!.url.pathname).toBe(feed);
    act(() => socket().conectar());
    expect(socket().enviados).toEqual([{ evento: registro, args: [id] }]);
  });

  it('connects with the spec options: websocket only, token in auth, 20000/1000/5000/0.5/unlimited', async () => {
    signIn('doctor');
    mockFetch(feedDoctor([]));
    montar();
    await waitFor(() => expect(io.llamadas).toHaveLength(1));
    const [opciones] = io.llamadas[0]! as [Record<string, unknown>];
    expect(opciones).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      reconnection: true,
    });
    expect(OPCIONES_RECONEXION).toEqual({
      timeout: 20000,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
    });
    // The token goes in the handshake's auth (read at each connection), never in a URL or query.
    const auth = opciones.auth as (cb: (d: object) => void) => void;
    const recibido = vi.fn();
    auth(recibido);
    expect(recibido).toHaveBeenCalledWith({ token: localStorage.getItem('token') });
    expect(opciones).not.toHaveProperty('query');
    expect(JSON.stringify(io.llamadas[0])).not.toContain(localStorage.getItem('token')!.split('.')[1]!);
  });

  it('a live notification goes to the front as unread and raises the counter by one', async () => {
    signIn('doctor');
    mockFetch(feedDoctor([n(1, true)]));
    montar();
    await waitFor(() => expect(leer()).toBe('0|1L'));
    act(() => socket().conectar());
    await waitFor(() => expect(leer()).toBe('0|1L'));
    act(() => socket().disparar('nuevaNotificacion', { id: 2, mensaje: 'Nueva cita con Ana', leida: true }));
    expect(leer()).toBe('1|2N,1L');
    expect(ctx().notificaciones[0]!.mensaje).toBe('Nueva cita con Ana');
  });

  it('reloads the list from the server on every reconnection', async () => {
    signIn('doctor');
    let lista = [n(1)];
    const { calls } = mockFetch([responde(notificacionesDoctorRutas.listar, () => ({ body: lista }))]);
    montar();
    await waitFor(() => expect(leer()).toBe('1|1N'));
    act(() => socket().conectar());
    act(() => socket().disparar('disconnect', 'transport close'));
    lista = [n(3), n(2), n(1)]; // created while disconnected
    act(() => socket().conectar());
    await waitFor(() => expect(leer()).toBe('3|3N,2N,1N'));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });

  it('issue 27.14: citaActualizada and every reconnection (not the first connection) refresh the appointments', async () => {
    signIn('doctor');
    mockFetch(feedDoctor([]));
    const { queryClient } = montar();
    await waitFor(() => expect(leer()).toBe('0|'));
    const invalidar = vi.spyOn(queryClient, 'invalidateQueries');
    const deCitas = () => invalidar.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === '["citas"]').length;
    act(() => socket().conectar());
    expect(deCitas()).toBe(0);
    act(() => socket().disparar('citaActualizada', { cita_id: 41 }));
    expect(deCitas()).toBe(1);
    // No notification came with it: the feed is unchanged.
    expect(leer()).toBe('0|');
    act(() => socket().disparar('disconnect', 'transport close'));
    act(() => socket().conectar());
    expect(deCitas()).toBe(2);
  });

  it('registers again and reloads on every reconnection, however many there are', async () => {
    signIn('doctor', 7);
    let lista = [n(1)];
    const { calls } = mockFetch([responde(notificacionesDoctorRutas.listar, () => ({ body: lista }))]);
    montar();
    await waitFor(() => expect(leer()).toBe('1|1N'));
    for (let vez = 2; vez <= 4; vez++) {
      act(() => socket().conectar());
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(vez));
      act(() => socket().disparar('disconnect', 'transport close'));
      lista = [n(vez), ...lista];
    }
    act(() => socket().conectar());
    await waitFor(() => expect(leer()).toBe('4|4N,3N,2N,1N'));
    expect(socket().enviados).toEqual(Array.from({ length: 4 }, () => ({ evento: 'registrarDoctor', args: [7] })));
    // One socket for the whole session: reconnections are the manager's, not new connections.
    expect(io.llamadas).toHaveLength(1);
  });

  it('a live notification that arrives while the reload on reconnection is in flight is kept, once', async () => {
    signIn('doctor');
    const spy = mockFetch(feedDoctor([n(1, true)]));
    montar();
    await waitFor(() => expect(leer()).toBe('0|1L'));
    // The reload's answer is held back: it was read before notification 3 was created and does not have it.
    let responder: (lista: NotificacionWire[]) => void = () => {};
    spy.mockImplementationOnce(() => new Promise((r) => (responder = (lista) => r(jsonResponse(200, lista)))));
    act(() => socket().conectar());
    act(() => socket().disparar('nuevaNotificacion', { id: 3, mensaje: 'Nueva cita con Ana', leida: false }));
    expect(leer()).toBe('1|3N,1L');
    // Notification 2 was created while disconnected; the reload brings it, and has not seen 3 yet.
    await act(async () => responder([n(2), n(1, true)]));
    await waitFor(() => expect(leer()).toBe('2|3N,2N,1L'));
    // The same one again (pushed and also in a later reload) is not counted twice.
    act(() => socket().disparar('nuevaNotificacion', { id: 3, mensaje: 'Nueva cita con Ana', leida: false }));
    expect(leer()).toBe('2|3N,2N,1L');
  });

  it('marks one read: the counter drops only if it was unread; a failure leaves the state unchanged', async () => {
    signIn('doctor');
    let falla = false;
    const { calls } = mockFetch(
      feedDoctor(
        [n(2), n(1, true)],
        [
          responde(notificacionesDoctorRutas.marcarLeida, ({ body }) =>
            falla
              ? { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } }
              : { body: n((body as { notificacionId: number }).notificacionId, true) },
          ),
        ],
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    montar();
    await waitFor(() => expect(leer()).toBe('1|2N,1L'));

    falla = true;
    await act(() => ctx().marcarLeida(2));
    expect(leer()).toBe('1|2N,1L');
    expect(warn).toHaveBeenCalled();

    falla = false;
    await act(() => ctx().marcarLeida(2));
    expect(leer()).toBe('0|2L,1L');
    expect(calls.at(-1)!.body).toEqual({ notificacionId: 2 });
    await act(() => ctx().marcarLeida(1));
    expect(leer()).toBe('0|2L,1L');
  });

  it('marks all read: every item read and the counter at 0; a failure changes nothing', async () => {
    signIn('doctor');
    let falla = true;
    mockFetch(
      feedDoctor(
        [n(3), n(2), n(1, true)],
        [
          responde(notificacionesDoctorRutas.marcarTodasLeidas, () =>
            falla ? { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } } : { body: { actualizadas: 2 } },
          ),
        ],
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    montar();
    await waitFor(() => expect(leer()).toBe('2|3N,2N,1L'));
    await act(() => ctx().marcarTodasLeidas());
    expect(leer()).toBe('2|3N,2N,1L');
    expect(warn).toHaveBeenCalledTimes(1);
    falla = false;
    await act(() => ctx().marcarTodasLeidas());
    expect(leer()).toBe('0|3L,2L,1L');
  });

  it('archiving the read ones makes the client reload the list', async () => {
    signIn('doctor');
    let lista = [n(2), n(1, true)];
    const { calls } = mockFetch([
      responde(notificacionesDoctorRutas.listar, () => ({ body: lista })),
      responde(notificacionesDoctorRutas.archivarLeidas, () => {
        lista = [n(2)];
        return { body: { archivadas: 1 } };
      }),
    ]);
    montar();
    await waitFor(() => expect(leer()).toBe('1|2N,1L'));
    let archivadas: number | null = null;
    await act(async () => {
      archivadas = await ctx().archivarLeidas();
    });
    expect(archivadas).toBe(1);
    expect(leer()).toBe('1|2N');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /apiusuarios/notificaciones/7',
      'PATCH /apiusuarios/notificaciones/7/archivar-leidas',
      'GET /apiusuarios/notificaciones/7',
    ]);
  });

  it('the history includes archived ones, and is an empty list on failure (logged only)', async () => {
    signIn('doctor');
    let falla = false;
    mockFetch(
      feedDoctor(
        [],
        [
          responde(notificacionesDoctorRutas.historial, () =>
            falla
              ? { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } }
              : { body: [n(2), n(1, true, { archivada: true })] },
          ),
        ],
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    montar();
    await waitFor(() => expect(ctx().cargando).toBe(false));
    expect((await ctx().obtenerHistorial()).map((x) => x.id)).toEqual([2, 1]);
    falla = true;
    expect(await ctx().obtenerHistorial()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a failed list load is logged only, with console.warn (never console.error)', async () => {
    signIn('doctor');
    mockFetch([
      responde(notificacionesDoctorRutas.listar, { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } }),
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    montar();
    await waitFor(() => expect(ctx().cargando).toBe(false));
    expect(leer()).toBe('0|');
    expect(warn).toHaveBeenCalledWith('No se pudieron cargar las notificaciones', expect.anything());
  });

  it.each([
    ['doctor', 'Nueva cita registrada'],
    ['Doctor', 'Nueva cita registrada'],
    ['paciente', 'Nueva notificación'],
    ['administrador', 'Nueva notificación'],
  ])('desktop notification for %s: title %s, the message as body', async (rol, titulo) => {
    signIn(rol);
    mockFetch([
      responde(notificacionesDoctorRutas.listar, { body: [] }),
      responde(notificacionesUsuarioRutas.listar, { body: [] }),
    ]);
    montar();
    await waitFor(() => expect(ctx().cargando).toBe(false));
    act(() => socket().disparar('nuevaNotificacion', { id: 4, mensaje: 'Nueva cita con Ana' }));
    expect(NotificationFalsa.creadas).toEqual([
      { titulo, opciones: expect.objectContaining({ body: 'Nueva cita con Ana' }) as NotificationOptions },
    ]);
  });

  it('shows no desktop notification without permission', async () => {
    NotificationFalsa.permission = 'denied';
    signIn('doctor');
    mockFetch(feedDoctor([]));
    montar();
    await waitFor(() => expect(ctx().cargando).toBe(false));
    act(() => socket().disparar('nuevaNotificacion', { id: 4, mensaje: 'Hola' }));
    expect(NotificationFalsa.creadas).toEqual([]);
    expect(leer()).toBe('1|4N');
  });

  it('asks for permission once after sign-in while undecided, and never once decided', async () => {
    NotificationFalsa.permission = 'default';
    signIn('doctor');
    mockFetch(feedDoctor([]));
    const primera = montar();
    await waitFor(() => expect(NotificationFalsa.requestPermission).toHaveBeenCalledTimes(1));
    primera.unmount();
    montar(); // another mount in the same session (e.g. back from a public page)
    await waitFor(() => expect(ctx().cargando).toBe(false));
    expect(NotificationFalsa.requestPermission).toHaveBeenCalledTimes(1);

    olvidarPermisosPedidos();
    NotificationFalsa.permission = 'denied';
    montar();
    await waitFor(() => expect(ctx().cargando).toBe(false));
    expect(NotificationFalsa.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('closes the connection when the provider goes away (sign-out leaves the dashboard)', async () => {
    signIn('doctor');
    mockFetch(feedDoctor([]));
    const r = montar();
    await waitFor(() => expect(io.sockets).toHaveLength(1));
    r.unmount();
    expect(socket().desconectado).toBe(true);
  });
});
