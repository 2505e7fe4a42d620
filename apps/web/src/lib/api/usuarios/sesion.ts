// Sign-in, sign-up and sign-out (issue 3): plain fetchers, the session lives in lib/session/auth-context.tsx.
import type { RegistrarInput } from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../api-client.ts';

export type SesionRespuesta = RespuestaApi<typeof usuariosRutas.iniciarSesion>;
export type UsuarioRespuesta = RespuestaApi<typeof usuariosRutas.registrar>;

export const iniciarSesion = (datos: { correo: string; contrasena: string }): Promise<SesionRespuesta> =>
  api(usuariosRutas.iniciarSesion, { body: datos });

export const registrar = (datos: RegistrarInput): Promise<UsuarioRespuesta> =>
  api(usuariosRutas.registrar, { body: datos });

/** Revokes the session on the server. Failures are ignored by the caller (SPEC: sign-out always completes). */
export const cerrarSesion = (): Promise<unknown> => api(usuariosRutas.cerrarSesion);
