// Sessions and sockets agree (issue 21.7): a socket ends when its session ends by time (idle window or absolute
// lifetime, lib/sesion-reglas.ts), as it already does on sign-out and deactivation ('sesiones.revocadas').
//
// Each instance keeps, per session with sockets here, when that session ends as last read, and sweeps every few
// seconds: a comparison per session, and a read of the session (through the cache of decision 0006) only once
// that moment has passed. Then either the session was renewed meanwhile (renovarsesion slides the idle window, on
// any instance: the row is shared), and the new end is kept, or it is over, and its sockets here are closed.
// Nothing is shared between instances: each one sweeps the sockets it holds.
import type { FastifyBaseLogger } from 'fastify';

type Sesion<S> = { usuarioId: number; hasta: number; sockets: Set<S> };

export function crearVencimientos<S>(deps: {
  /** The session's end as of now, or null once it is over (autenticacion.vigenteHasta). */
  vigenteHasta: (sid: string, usuarioId: number) => Promise<number | null>;
  cerrar: (sockets: S[]) => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const sesiones = new Map<string, Sesion<S>>();

  return {
    /** A socket of this session connected; `hasta` is what its handshake read. */
    agregar(sid: string, usuarioId: number, hasta: number, socket: S): void {
      const s = sesiones.get(sid);
      if (s) {
        // The newer read wins: a handshake just now saw the session as it is.
        s.hasta = hasta;
        s.sockets.add(socket);
      } else sesiones.set(sid, { usuarioId, hasta, sockets: new Set([socket]) });
    },

    quitar(sid: string, socket: S): void {
      const s = sesiones.get(sid);
      if (s?.sockets.delete(socket) && s.sockets.size === 0) sesiones.delete(sid);
    },

    /** Closes the sockets of the sessions over by `ahora`; keeps (with their new end) the renewed ones. */
    async revisar(ahora: number): Promise<void> {
      let fallos = 0;
      for (const [sid, s] of sesiones) {
        if (s.hasta > ahora) continue;
        let hasta: number | null;
        try {
          hasta = await deps.vigenteHasta(sid, s.usuarioId);
        } catch (err) {
          // Database unreachable: nothing is decided from memory; the next sweep asks again.
          if (fallos++ === 0) deps.log.warn({ err }, 'no se pudo revisar el vencimiento de las sesiones en vivo');
          continue;
        }
        if (hasta === null) {
          sesiones.delete(sid);
          deps.cerrar([...s.sockets]);
        } else s.hasta = hasta;
      }
    },

    /** Sessions with sockets on this instance (tests, diagnostics). */
    get sesiones(): number {
      return sesiones.size;
    },
  };
}
