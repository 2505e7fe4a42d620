// Notification context (SPEC 4, 6, 7, 8, 9): the signed-in person's feed and unread counter, kept live over the
// socket. The rules, as the spec states them:
//   - a live notification is added at the front of the list as unread and raises the counter by one;
//   - marking one read lowers the counter by one only if it was unread, never below zero;
//   - marking all sets every item read and the counter to 0;
//   - archiving the read ones makes the client reload the list;
//   - call failures are logged to the console only (nothing is shown); a failed mark-as-read leaves the state as
//     it was; the history is an empty list on failure;
//   - on every (re)connection the list is reloaded, so nothing created while disconnected is missed.
// A change to one of a doctor's appointments (citaActualizada, issue 27.14) refreshes the appointment queries on
// screen even when no notification comes with it, and so does every reconnection.
// The doctor feed and registrarDoctor for a role named doctor in any casing, the patient feed and
// registrarPaciente for everyone else (SPEC 6).
//
// Place it inside the router (a desktop notification's click opens its route) and, optionally, inside
// QueryClientProvider: a live notification about an appointment refreshes the appointment queries on screen.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificacionEvento } from '@clinica/contracts/events';
import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { abrirSocket, type SocketNotificaciones } from './conexion.ts';
import { mostrarEscritorio, pedirPermisoUnaVez } from './escritorio.ts';
import { desdeEvento, esRolDoctor, feedDe, type Notificacion } from './notificaciones-api.ts';

export type EstadoNotificaciones = {
  lista: Notificacion[];
  noLeidas: number;
};

export type AccionNotificaciones =
  | { type: 'cargada'; lista: Notificacion[] }
  | { type: 'nueva'; notificacion: Notificacion }
  | { type: 'leida'; id: number }
  | { type: 'todasLeidas' };

export const estadoInicial: EstadoNotificaciones = { lista: [], noLeidas: 0 };

/** The spec's list and counter rules (SPEC 4), as a pure function. */
export function reducirNotificaciones(
  estado: EstadoNotificaciones,
  accion: AccionNotificaciones,
): EstadoNotificaciones {
  switch (accion.type) {
    case 'cargada':
      return { lista: accion.lista, noLeidas: accion.lista.filter((n) => !n.leida).length };
    case 'nueva':
      // The same notification twice (a reload on reconnection already brought it) is not counted twice.
      if (estado.lista.some((n) => n.id === accion.notificacion.id)) return estado;
      return {
        lista: [{ ...accion.notificacion, leida: false }, ...estado.lista],
        noLeidas: estado.noLeidas + 1,
      };
    case 'leida': {
      const actual = estado.lista.find((n) => n.id === accion.id);
      if (!actual) return estado;
      const lista = estado.lista.map((n) => (n.id === accion.id ? { ...n, leida: true } : n));
      return { lista, noLeidas: actual.leida ? estado.noLeidas : Math.max(0, estado.noLeidas - 1) };
    }
    case 'todasLeidas':
      return { lista: estado.lista.map((n) => (n.leida ? n : { ...n, leida: true })), noLeidas: 0 };
  }
}

export type NotificacionesContexto = {
  /** The feed (not archived), newest first. */
  notificaciones: Notificacion[];
  /** Unread notifications. */
  noLeidas: number;
  /** True until the first load has answered (or failed). */
  cargando: boolean;
  /** The live connection is up. */
  conectado: boolean;
  /** The doctor feed (SPEC 6). */
  esDoctor: boolean;
  /** The notification history screen of this person's feed. */
  rutaHistorial: string;
  recargar: () => Promise<void>;
  /** Marks one read; on failure the state is left as it was. */
  marcarLeida: (id: number) => Promise<void>;
  marcarTodasLeidas: () => Promise<void>;
  /** Archives the read ones and reloads the list; resolves with how many were archived, null on failure. */
  archivarLeidas: () => Promise<number | null>;
  /** Everything, archived included; an empty list on failure (SPEC 8). */
  obtenerHistorial: () => Promise<Notificacion[]>;
};

const Contexto = createContext<NotificacionesContexto | null>(null);

export function NotificacionesProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, userId, userRole } = useAuth();
  const esDoctor = esRolDoctor(userRole);
  /** The signed-in person's id; null while nobody is. */
  const uid = isAuthenticated ? userId : null;
  const activo = uid !== null;
  const [estado, dispatch] = useReducer(reducirNotificaciones, estadoInicial);
  const [cargando, setCargando] = useState(true);
  const [conectado, setConectado] = useState(false);
  const navigate = useNavigate();
  const queryClient = useContext(QueryClientContext);

  const feed = useMemo(() => (uid !== null ? feedDe(esDoctor, uid) : null), [esDoctor, uid]);
  // Another person or role (a sign-in in another tab): start over with an empty list until theirs loads.
  const [feedMostrado, setFeedMostrado] = useState(feed);
  if (feedMostrado !== feed) {
    setFeedMostrado(feed);
    setCargando(true);
    dispatch({ type: 'cargada', lista: [] });
  }

  // Live notifications that arrive while a reload is in flight: the reload's answer may predate them.
  const cargasEnCurso = useRef(new Set<Notificacion[]>());
  const ultimaCarga = useRef(0);

  const recargar = useCallback(async () => {
    if (!feed) return;
    const numero = ++ultimaCarga.current;
    const llegadas: Notificacion[] = [];
    cargasEnCurso.current.add(llegadas);
    try {
      const lista = await feed.listar();
      // An older reload that answers late must not overwrite a newer one.
      if (numero !== ultimaCarga.current) return;
      const faltan = llegadas.filter((n) => !lista.some((l) => l.id === n.id)).reverse();
      dispatch({ type: 'cargada', lista: [...faltan, ...lista] });
    } catch (err) {
      console.warn('No se pudieron cargar las notificaciones', err);
    } finally {
      cargasEnCurso.current.delete(llegadas);
      if (numero === ultimaCarga.current) setCargando(false);
    }
  }, [feed]);

  const marcarLeida = useCallback(
    async (id: number) => {
      if (!feed) return;
      try {
        await feed.marcarLeida(id);
        dispatch({ type: 'leida', id });
      } catch (err) {
        console.warn('No se pudo marcar la notificación como leída', err);
      }
    },
    [feed],
  );

  const marcarTodasLeidas = useCallback(async () => {
    if (!feed) return;
    try {
      await feed.marcarTodasLeidas();
      dispatch({ type: 'todasLeidas' });
    } catch (err) {
      console.warn('No se pudieron marcar todas las notificaciones como leídas', err);
    }
  }, [feed]);

  const archivarLeidas = useCallback(async () => {
    if (!feed) return null;
    let archivadas: number;
    try {
      ({ archivadas } = await feed.archivarLeidas());
    } catch (err) {
      console.warn('No se pudieron archivar las notificaciones leídas', err);
      return null;
    }
    await recargar();
    return archivadas;
  }, [feed, recargar]);

  const obtenerHistorial = useCallback(async () => {
    if (!feed) return [];
    try {
      return await feed.historial();
    } catch (err) {
      console.warn('No se pudo cargar el historial de notificaciones', err);
      return [];
    }
  }, [feed]);

  // The socket's listeners are attached once per connection and always see the latest state and callbacks.
  const alRecibir = useEffectEvent((evento: NotificacionEvento) => {
    if (!evento || typeof evento.mensaje !== 'string') return;
    const notificacion = desdeEvento(evento);
    for (const llegadas of cargasEnCurso.current) llegadas.push(notificacion);
    dispatch({ type: 'nueva', notificacion });
    const escritorio = mostrarEscritorio(esDoctor, notificacion.mensaje, `notificacion-${notificacion.id}`);
    if (escritorio) {
      escritorio.onclick = () => {
        window.focus();
        void marcarLeida(notificacion.id);
        if (notificacion.ruta) void navigate(notificacion.ruta);
        escritorio.close();
      };
    }
    // An appointment changed: the agenda, lists and details on screen are stale.
    if (notificacion.cita_id !== null && queryClient) void queryClient.invalidateQueries({ queryKey: ['citas'] });
  });
  // Issue 27.14: one of this doctor's appointments changed (a desk confirmation, a cancellation, a move), whether or
  // not a notification tells her: her panel's figures, agenda and details refetch.
  const alCambiarCita = useEffectEvent(() => {
    if (queryClient) void queryClient.invalidateQueries({ queryKey: ['citas'] });
  });
  const alConectar = useEffectEvent((s: SocketNotificaciones, id: number, reconexion: boolean) => {
    if (esDoctor) s.emit('registrarDoctor', id);
    else s.emit('registrarPaciente', id);
    void recargar();
    // Changes made while the connection was down were not pushed: what is on screen may be stale.
    if (reconexion) alCambiarCita();
  });

  // First load: the list is there even if the live connection never comes up.
  useEffect(() => {
    void recargar();
  }, [recargar]);

  // SPEC 7: permission for desktop notifications is asked once after sign-in, only if undecided.
  useEffect(() => {
    if (uid !== null) pedirPermisoUnaVez(uid);
  }, [uid]);

  // SPEC 4, 9: connect at start, register as doctor or patient on every (re)connection and reload the list.
  useEffect(() => {
    if (uid === null) return;
    let cerrado = false;
    let socket: SocketNotificaciones | undefined;
    let reintento: ReturnType<typeof setTimeout> | undefined;
    let avisado = false;
    let conexiones = 0;
    abrirSocket().then(
      (s) => {
        if (cerrado) {
          s.disconnect();
          return;
        }
        socket = s;
        s.on('connect', () => {
          avisado = false;
          setConectado(true);
          alConectar(s, uid, ++conexiones > 1);
        });
        s.on('nuevaNotificacion', (e) => alRecibir(e));
        s.on('citaActualizada', () => alCambiarCita());
        s.on('disconnect', () => setConectado(false));
        s.on('connect_error', (err) => {
          setConectado(false);
          // One line per outage, not one per attempt.
          if (!avisado) console.warn('Sin conexión en vivo con la clínica; reintentando', err.message);
          avisado = true;
          // A refused handshake (e.g. the server could not check the session) is not retried by socket.io;
          // keep trying with the spec's longest delay while the session lasts (a dead one ends it via HTTP).
          if (!s.active && !cerrado) {
            clearTimeout(reintento);
            reintento = setTimeout(() => {
              if (!cerrado) s.connect();
            }, 5_000);
          }
        });
      },
      (err: unknown) => console.warn('No se pudo cargar la conexión en vivo', err),
    );
    return () => {
      cerrado = true;
      clearTimeout(reintento);
      socket?.removeAllListeners();
      socket?.disconnect();
      setConectado(false);
    };
    // esDoctor: a new role means another feed and another registration.
  }, [uid, esDoctor]);

  const value = useMemo<NotificacionesContexto>(
    () => ({
      notificaciones: estado.lista,
      noLeidas: estado.noLeidas,
      cargando: activo && cargando,
      conectado,
      esDoctor,
      rutaHistorial: esDoctor ? paths.historialNotificaciones : paths.historialNotificacionesUsuario,
      recargar,
      marcarLeida,
      marcarTodasLeidas,
      archivarLeidas,
      obtenerHistorial,
    }),
    [
      estado,
      activo,
      cargando,
      conectado,
      esDoctor,
      recargar,
      marcarLeida,
      marcarTodasLeidas,
      archivarLeidas,
      obtenerHistorial,
    ],
  );

  return <Contexto.Provider value={value}>{children}</Contexto.Provider>;
}

/** SPEC 8: outside its provider it throws, saying it must be used inside the provider. */
export function useNotificaciones(): NotificacionesContexto {
  const ctx = useContext(Contexto);
  if (!ctx) throw new Error('useNotificaciones debe usarse dentro de NotificacionesProvider');
  return ctx;
}
