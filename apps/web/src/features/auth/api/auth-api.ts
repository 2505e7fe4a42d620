// Fetchers for sign-in, registration and sign-out (issue 3). Paths and wire shapes come from the contracts.
import type { RegistrarInput } from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type SesionRespuesta = RespuestaApi<typeof usuariosRutas.iniciarSesion>;
export type UsuarioRespuesta = RespuestaApi<typeof usuariosRutas.registrar>;

export function iniciarSesion(datos: { correo: string; contrasena: string }): Promise<SesionRespuesta> {
  return api(usuariosRutas.iniciarSesion, { body: datos });
}

export function registrar(datos: RegistrarInput): Promise<UsuarioRespuesta> {
  return api(usuariosRutas.registrar, { body: datos });
}

/** Revokes the session on the server. Failures are ignored by the caller (SPEC: sign-out always completes). */
export function cerrarSesion(): Promise<unknown> {
  return api(usuariosRutas.cerrarSesion);
}
