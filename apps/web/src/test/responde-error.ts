// An endpoint of the contracts answering with the API's error envelope `{ error, code, issues? }`, in one line:
//   mockFetch([respondeError(usuariosRutas.registrar, 409, 'CORREO_DUPLICADO', 'Ya existe una cuenta…')])
import type { ErrorCode } from '@clinica/contracts/errors';
import type { RutaApi } from '@clinica/contracts/rutas';
import type { CodigoError, ParamsSimulados } from './api-mock.ts';
import { responde, type RutaSimulada } from './mock-fetch.ts';

type Opciones = {
  /** The fields the refusal names (a 400 VALIDACION or a 422 on one field). */
  issues?: { campo: string; mensaje: string }[];
  /** Path parameters the call must carry, as in `responde()`. */
  params?: ParamsSimulados;
};

export function respondeError<R extends RutaApi>(
  ruta: R,
  status: CodigoError,
  code: ErrorCode,
  error: string,
  { issues, params }: Opciones = {},
): RutaSimulada {
  return responde(ruta, { status, body: issues ? { error, code, issues } : { error, code } }, params);
}
