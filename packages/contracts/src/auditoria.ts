// The administrators' view of the audit log (issue 21, item 5): who did what to which resource and when, searched
// and paginated, and the same search as a CSV file. The log itself is append-only (migration 0020).
import { z } from 'zod';
import { fechaAgenda, fechaHora, paginado, POR_PAGINA_MAX } from './common.ts';
import { endpoint } from './endpoint.ts';
import { auditoriaRutas } from './rutas.ts';

export const resultadosAuditoria = ['exito', 'fallo', 'denegado', 'bloqueo'] as const;
/** Most rows one CSV export carries (newest first); a wider search is narrowed by dates. */
export const EXPORTAR_MAX_FILAS = 50_000;

const textoFiltro = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`).optional();

export const auditoriaQuery = z
  .object({
    /** Who acted: part of their name, e-mail or document. */
    quien: textoFiltro(100),
    /** What: the action's beginning, e.g. `historia.` or `cita.cancelar`. */
    accion: textoFiltro(80),
    recurso: textoFiltro(40),
    recurso_id: textoFiltro(40),
    resultado: z.enum(resultadosAuditoria, { message: 'El resultado no es válido' }).optional(),
    desde: fechaAgenda.optional(),
    hasta: fechaAgenda.optional(),
    pagina: z.coerce
      .number<number>({ message: 'La página debe ser un número' })
      .int()
      .min(1, 'La página debe ser 1 o mayor')
      .max(100_000, 'Página fuera de rango')
      .default(1),
    porPagina: z.coerce
      .number<number>({ message: 'El tamaño de página debe ser un número' })
      .int()
      .min(1, 'El tamaño de página debe ser 1 o mayor')
      .max(POR_PAGINA_MAX, `Máximo ${POR_PAGINA_MAX} por página`)
      .default(50),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: 'La fecha final no puede ser anterior a la inicial',
    path: ['hasta'],
  });
export type AuditoriaQuery = z.input<typeof auditoriaQuery>;

export const registroAuditoriaSchema = z.object({
  id: z.number().int(),
  creada_en: fechaHora,
  /** Who acted; null for the system (a scheduled task, a migration) or someone not signed in. */
  usuario: z
    .object({ id: z.number().int(), nombre: z.string(), correo: z.string().nullable(), rol: z.string() })
    .nullable(),
  accion: z.string(),
  recurso: z.string(),
  recurso_id: z.string().nullable(),
  resultado: z.enum(resultadosAuditoria),
  ip: z.string().nullable(),
  detalle: z.string().nullable(),
});
export type RegistroAuditoriaWire = z.input<typeof registroAuditoriaSchema>;

export const listaAuditoriaSchema = paginado(registroAuditoriaSchema).extend({
  /** false when the total is a lower bound (more than the count reads). */
  totalExacto: z.boolean(),
});
export type ListaAuditoriaWire = z.input<typeof listaAuditoriaSchema>;

export const auditoriaEndpoints = {
  listar: endpoint(auditoriaRutas.listar, { querystring: auditoriaQuery, response: { 200: listaAuditoriaSchema } }),
  /** 200 is a CSV file (text/csv; UTF-8 with BOM, for spreadsheets): nothing for the JSON serializer to filter. */
  exportar: endpoint(auditoriaRutas.exportar, { querystring: auditoriaQuery, response: { 200: z.any() } }),
};

export { auditoriaPaths, auditoriaRutas } from './rutas.ts';
