// Fetchers for sign-in, registration and sign-out (issue 3). Wire shapes come from the contracts.
import type { z } from 'zod';
import type { sesionSchema, usuarioSchema } from '@clinica/contracts/usuarios';
import { usuariosPaths } from '@clinica/contracts/rutas';
import type { RegistrarInput } from '@clinica/contracts/usuarios';
import { api } from '../../../lib/api-client.ts';

export type SesionRespuesta = z.input<typeof sesionSchema>;
export type UsuarioRespuesta = z.input<typeof usuarioSchema>;

export function iniciarSesion(datos: { correo: string; contrasena: string }): Promise<SesionRespuesta> {
  return api.post<SesionRespuesta>(usuariosPaths.iniciarSesion, datos);
}

export function registrar(datos: RegistrarInput): Promise<UsuarioRespuesta> {
  return api.post<UsuarioRespuesta>(usuariosPaths.registrar, datos);
}

/** Revokes the session on the server. Failures are ignored by the caller (SPEC: sign-out always completes). */
export function cerrarSesion(): Promise<unknown> {
  return api.post(usuariosPaths.cerrarSesion);
}
