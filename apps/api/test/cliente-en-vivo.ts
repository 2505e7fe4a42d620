// A live-notification client that behaves as the web's notification context does (SPEC 4, 9): websocket only,
// the token in `auth`, reconnection with the spec's delays and unlimited attempts, and the list reloaded over
// HTTP on every (re)connection. `vistos` is everything it has shown, live or by a reload.
import { io as conectar, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@clinica/contracts/events';
import {
  notificacionesDoctorPaths,
  notificacionesUsuarioPaths,
  type NotificacionWire,
} from '@clinica/contracts/notificaciones';
import type { UsuarioDePrueba } from './auth-helpers.ts';

export type Cliente = Socket<ServerToClientEvents, ClientToServerEvents>;

/** SPEC 9, as the web sends them (apps/web/src/lib/notificaciones/conexion.ts). */
export const OPCIONES_SPEC = {
  transports: ['websocket'],
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
};

export type ClienteWeb = {
  socket: Cliente;
  /** Ids shown so far, live or by a reload. */
  vistos: Set<number>;
  /** Ids that came live over the socket. */
  enVivo: Set<number>;
  /** Reloads that answered (one per connection). */
  recargas(): number;
  /** Connections made (the first plus every reconnection). */
  conexiones(): number;
};

export function clienteWeb(base: string, usuario: UsuarioDePrueba): ClienteWeb {
  const vistos = new Set<number>();
  const enVivo = new Set<number>();
  let recargas = 0;
  let conexiones = 0;
  const feed = usuario.rol === 'doctor' ? notificacionesDoctorPaths : notificacionesUsuarioPaths;
  const socket: Cliente = conectar(base, { ...OPCIONES_SPEC, auth: { token: usuario.token } });
  socket.on('nuevaNotificacion', (n) => {
    vistos.add(n.id);
    enVivo.add(n.id);
  });
  socket.on('connect', () => {
    conexiones += 1;
    if (usuario.rol === 'doctor') socket.emit('registrarDoctor', usuario.id);
    else socket.emit('registrarPaciente', usuario.id);
    void fetch(`${base}${feed.listar(usuario.id)}`, { headers: usuario.headers })
      .then(async (r) => {
        if (!r.ok) throw new Error(`La lista respondió ${r.status}`);
        for (const n of (await r.json()) as NotificacionWire[]) vistos.add(n.id);
        recargas += 1;
      })
      // As the web does: a failed reload is logged only; the next connection reloads again.
      .catch((err: unknown) => console.warn('recarga fallida', err));
  });
  return { socket, vistos, enVivo, recargas: () => recargas, conexiones: () => conexiones };
}

/** Polls `condicion` until it holds, or fails with `mensaje` after `plazoMs` (generous: a loaded 2-core CI). */
export async function hasta(condicion: () => boolean | Promise<boolean>, mensaje: string, plazoMs = 60_000) {
  const limite = Date.now() + plazoMs;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error(`Tiempo agotado: ${mensaje}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
