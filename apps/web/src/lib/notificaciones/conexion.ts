// The live connection of SPEC 4, 7 and 9: socket.io on the API's origin (the page's own unless VITE_API_URL says
// otherwise), path /socket.io, websocket transport only, the token in the handshake's `auth` (never in the URL).
// socket.io-client comes with the dashboard's lazy chunks (this module is only reached from the dashboard layout),
// never in the public pages' first download (decision 0005). A static import here, not import(): a dynamic one made
// rolldown split its runtime helpers out of the initial chunk, one more request on every public page.
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@clinica/contracts/events';
import { TOKEN_KEY } from '../api-client.ts';
import { env } from '../env.ts';

export type SocketNotificaciones = Socket<ServerToClientEvents, ClientToServerEvents>;

/** SPEC 9: the live connection's limits, exactly. */
export const OPCIONES_RECONEXION = {
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const satisfies Partial<ManagerOptions>;

function tokenGuardado(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Options of the connection. `auth` is a function so every (re)connection sends the token stored at that moment
 * (a silent renewal replaces it while the socket lives).
 */
export function opcionesSocket(): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    transports: ['websocket'],
    ...OPCIONES_RECONEXION,
    autoConnect: true,
    auth: (cb) => cb({ token: tokenGuardado() ?? '' }),
  };
}

/** Opens the connection (it connects at once and reconnects on its own); a promise, so callers may load it lazily. */
export async function abrirSocket(): Promise<SocketNotificaciones> {
  const opciones = opcionesSocket();
  // No URL means the page's own origin; io(undefined, ...) would read it the same way.
  return (env.apiUrl ? io(env.apiUrl, opciones) : io(opciones)) as SocketNotificaciones;
}
