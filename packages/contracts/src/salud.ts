// Health endpoints: liveness and readiness.
import { z } from 'zod';

export const saludPaths = { vivo: '/salud', lista: '/salud/lista' } as const;

export const saludSchema = z.object({ estado: z.literal('ok') });
export const listaSchema = z.object({
  estado: z.enum(['ok', 'no_disponible']),
  baseDeDatos: z.enum(['pglite', 'postgres']),
});
