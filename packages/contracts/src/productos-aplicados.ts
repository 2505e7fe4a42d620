// What a patient received (issue 24, item 3; docs/trazabilidad.md): one row per signed note and lot, with the
// product, its INVIMA registration, the lot and its expiry, the quantity in the product's unit, the chart's zones,
// the doctor and the appointment. The same rows go into her record copy (PDF) and her personal data (JSON).
import { z } from 'zod';
import { fechaDia, fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { TIPOS_PRODUCTO, UNIDADES_PRODUCTO } from './insumos.ts';
import { ZONAS_FACIALES } from './mapa-facial.ts';
import { productosAplicadosRutas } from './productos-aplicados-rutas.ts';

export const productoAplicadoSchema = z.object({
  evolucion_id: z.number().int(),
  cita_id: z.number().int(),
  /** The appointment's start: when it was applied. */
  fecha: fechaHora,
  /** The appointment's procedure, when it had one. */
  procedimiento: z.string().nullable(),
  producto: z.object({
    id: z.number().int(),
    nombre: z.string(),
    tipo: z.enum(TIPOS_PRODUCTO),
    registro_invima: z.string(),
    unidad: z.enum(UNIDADES_PRODUCTO),
  }),
  lote: z.object({ id: z.number().int(), numero: z.string(), vence_el: fechaDia }),
  /** The sum of the note's points with this lot, in the product's unit (2.5 mL). */
  cantidad: z.number(),
  /** The chart's zones where it went, in the order the points were charted. */
  zonas: z.array(z.enum(ZONAS_FACIALES)),
  doctor: z.object({ id: z.number().int(), nombre: z.string() }),
});
export type ProductoRecibido = z.output<typeof productoAplicadoSchema>;
export type ProductoRecibidoWire = z.input<typeof productoAplicadoSchema>;

/** Newest first. */
export const productosAplicadosSchema = z.array(productoAplicadoSchema);

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const productosAplicadosEndpoints = {
  dePaciente: endpoint(productosAplicadosRutas.dePaciente, {
    params: z.object({ pacienteId: idParam.shape.id }),
    response: { 200: productosAplicadosSchema, ...errores },
  }),
};

export {
  LIMITE_PRODUCTOS_APLICADOS,
  productosAplicadosPaths,
  productosAplicadosRutas,
} from './productos-aplicados-rutas.ts';
