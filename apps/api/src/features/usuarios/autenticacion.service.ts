// autenticar(token): the one check of "who is this?" that the HTTP hook and the live connection's handshake
// both call. Signature and claims (tokens.ts), then the server-side session and the user's current state:
// a revoked session, a deactivated user or an idle/absolute timeout ends access at once.
import { AppError, noAutenticado } from '../../lib/app-error.ts';
import { sessionDeadline, sessionIsLive } from '../../lib/sesion-reglas.ts';
import type { Tokens } from '../../lib/tokens.ts';
import type { UsuarioActual } from '../../plugins/auth.ts';
import { MENSAJES } from './usuarios.reglas.ts';
import type { SesionesRepository } from './sesiones.repository.ts';

const FORMA_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function createAutenticacion(deps: {
  tokens: Tokens;
  sesiones: Pick<SesionesRepository, 'find'>;
  now: () => Date;
}) {
  return {
    /** The user behind a token, or an AppError 401 saying why not (in Spanish). */
    async autenticar(token: string): Promise<UsuarioActual> {
      if (!FORMA_JWT.test(token)) throw noAutenticado();
      const claims = await deps.tokens.verify(token);
      if (!claims) throw noAutenticado();
      const sesion = await deps.sesiones.find(claims.sid);
      if (!sesion || sesion.usuarioId !== claims.id) throw noAutenticado();
      if (!sessionIsLive(sesion, deps.now())) {
        if (!sesion.estado) throw new AppError('NO_AUTENTICADO', 401, MENSAJES.usuarioInactivo);
        throw noAutenticado();
      }
      return {
        id: sesion.usuarioId,
        rol: sesion.rol,
        sid: sesion.sid,
        tokenExp: claims.exp,
        sesionHasta: sessionDeadline(sesion),
      };
    },

    /**
     * For a connection that outlives its handshake (the live socket): until when the session lasts as of now
     * (ms; renewals move it later), or null once it is over (expired, revoked, user inactive, gone).
     */
    async vigenteHasta(sid: string, usuarioId: number): Promise<number | null> {
      const sesion = await deps.sesiones.find(sid);
      if (!sesion || sesion.usuarioId !== usuarioId || !sessionIsLive(sesion, deps.now())) return null;
      return sessionDeadline(sesion);
    },
  };
}
export type Autenticacion = ReturnType<typeof createAutenticacion>;
