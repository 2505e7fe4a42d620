// Cart contracts (SPEC section 7): items carry id, id_procedimiento and the nested procedimiento.
import { z } from 'zod';
import { fechaHora } from './common.ts';
import { procedimientoSchema } from './catalogo.ts';

export const carritoItemSchema = z.object({
  id: z.number().int(),
  id_procedimiento: z.number().int(),
  procedimiento: procedimientoSchema,
  creado_en: fechaHora,
});
export type CarritoItemWire = z.input<typeof carritoItemSchema>;

export const agregarCarritoSchema = z.object({
  id_procedimiento: z.coerce
    .number({ message: 'id_procedimiento debe ser un número' })
    .int()
    .positive('id_procedimiento debe ser positivo'),
});

/** Exact text of the duplicate-add error; the web matches 'ya está en el carrito' (SPEC 8). */
export const MENSAJE_YA_EN_CARRITO = 'El procedimiento ya está en el carrito.';

export const carritoPaths = {
  listar: '/apicarrito/listarmicarrito',
  agregar: '/apicarrito/agregaramicarrito',
  eliminar: (id: number | string) => `/apicarrito/eliminardemicarrito/${id}`,
  limpiar: '/apicarrito/limpiarmicarrito',
} as const;
