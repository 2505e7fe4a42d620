// Retreatment recall (issue 24, item 4; docs/trazabilidad.md): after a signed note applies a product type with an
// interval, the patient is due from `semanas_desde` weeks and overdue after `semanas_hasta`. These are the usual
// intervals in facial aesthetics; the clinic overrides them per type (table intervalos_retratamiento).
import type { TipoProducto } from './insumos.ts';

export type IntervaloRetratamiento = { semanas_desde: number; semanas_hasta: number };

export const INTERVALOS_RETRATAMIENTO: Partial<Record<TipoProducto, IntervaloRetratamiento>> = {
  toxina_botulinica: { semanas_desde: 12, semanas_hasta: 16 },
  acido_hialuronico: { semanas_desde: 39, semanas_hasta: 52 },
  bioestimulador: { semanas_desde: 52, semanas_hasta: 78 },
  hilos: { semanas_desde: 52, semanas_hasta: 78 },
  vitaminas_mesoterapia: { semanas_desde: 4, semanas_hasta: 8 },
};
