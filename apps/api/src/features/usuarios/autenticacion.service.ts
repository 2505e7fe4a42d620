// autenticar(token): the one check of "who is this?" that the HTTP hook and the live connection's handshake
// both call. Signature and claims (tokens.ts), then the server-side session and the user's current state:
// a revoked session, a deactivated user or an idle/absolute timeout ends access at once.
import { AppError, noAutenticado } from '../../lib/app-error.ts';
import { sessionIsLive } from '../../lib/sesion-reglas.ts';
import type { Tokens } from '../../lib/tokens.ts';
import type { UsuarioActual } from '../../plugins/auth.ts';
import { MENSAJES } from './usuarios.service.ts';
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
      return { id: sesion.usuarioId, rol: sesion.rol, sid: sesion.sid, tokenExp: claims.exp };
    },
  };
}
export type Autenticacion = ReturnType<typeof createAutenticacion>;
