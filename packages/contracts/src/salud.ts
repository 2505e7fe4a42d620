// Health endpoints: liveness and readiness.
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { saludRutas } from './rutas.ts';

export { saludPaths, saludRutas } from './rutas.ts';

export const saludSchema = z.object({ estado: z.literal('ok') });
export const listaSchema = z.object({
  estado: z.enum(['ok', 'no_disponible']),
  baseDeDatos: z.enum(['pglite', 'postgres']),
});

export const saludEndpoints = {
  vivo: endpoint(saludRutas.vivo, { response: { 200: saludSchema } }),
  /** 503 when the database does not answer, with the same body shape. */
  lista: endpoint(saludRutas.lista, { response: { 200: listaSchema, 503: listaSchema } }),
};
