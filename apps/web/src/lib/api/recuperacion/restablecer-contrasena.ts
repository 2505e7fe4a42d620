// Password recovery, step 2 (issue 10.7): the link's token and the new password.
import type { RestablecerContrasenaInput } from '@clinica/contracts/recuperacion';
import { recuperacionRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';

export const restablecerContrasena = (datos: RestablecerContrasenaInput) =>
  api(recuperacionRutas.restablecer, { body: datos });
