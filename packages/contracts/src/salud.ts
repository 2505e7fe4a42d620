// Health endpoints: liveness and readiness.
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { saludRutas } from './rutas.ts';

export { saludPaths, saludRutas } from './rutas.ts';

export const saludSchema = z.object({ estado: z.literal('ok') });
export const listaSchema = z.object({
  /** sin_espacio: the embedded database's disk is full (writes answer 507 SIN_ESPACIO until there is room). */
  estado: z.enum(['ok', 'no_disponible', 'sin_espacio']),
  baseDeDatos: z.enum(['pglite', 'postgres']),
});

export const saludEndpoints = {
  vivo: endpoint(saludRutas.vivo, { response: { 200: saludSchema } }),
  /** 503 when the database does not answer or its disk is full, with the same body shape. */
  lista: endpoint(saludRutas.lista, { response: { 200: listaSchema, 503: listaSchema } }),
};
