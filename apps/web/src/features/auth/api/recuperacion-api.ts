// Fetchers for password recovery (issue 10.7). Paths and wire shapes come from the contracts.
import type { RestablecerContrasenaInput, SolicitarRecuperacionInput } from '@clinica/contracts/recuperacion';
import { recuperacionRutas } from '@clinica/contracts/rutas';
import { api } from '../../../lib/api-client.ts';

export function solicitarRecuperacion(datos: SolicitarRecuperacionInput) {
  return api(recuperacionRutas.solicitar, { body: datos });
}

export function restablecerContrasena(datos: RestablecerContrasenaInput) {
  return api(recuperacionRutas.restablecer, { body: datos });
}
