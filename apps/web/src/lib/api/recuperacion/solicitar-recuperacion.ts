// Password recovery, step 1 (issue 10.7): the e-mail with the link.
import type { SolicitarRecuperacionInput } from '@clinica/contracts/recuperacion';
import { recuperacionRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';

export const solicitarRecuperacion = (datos: SolicitarRecuperacionInput) =>
  api(recuperacionRutas.solicitar, { body: datos });
