// The administrators' view of backups (issue 28, item 2; decision 0038): the latest ones with their time, size and
// whether they were read back and checked, a warning when the newest good one is too old or the last one failed,
// and "back up now".
import { z } from 'zod';
import { fechaHora } from './common.ts';
import { endpoint } from './endpoint.ts';
import { respaldosRutas } from './rutas.ts';

/** en_curso: being written; verificado: written, read back whole and checked against its manifest; fallido: not made. */
export const estadosRespaldo = ['en_curso', 'verificado', 'fallido'] as const;
export type EstadoRespaldo = (typeof estadosRespaldo)[number];
/** programado: the daily one; manual: from this screen; comando: npm run respaldo. */
export const origenesRespaldo = ['programado', 'manual', 'comando'] as const;

/** Past this age the newest checked backup is a warning (a daily backup plus two hours of slack). */
export const HORAS_ALERTA_RESPALDO = 26;

export const respaldoSchema = z.object({
  id: z.number().int(),
  origen: z.enum(origenesRespaldo),
  estado: z.enum(estadosRespaldo),
  iniciado_en: fechaHora,
  terminado_en: fechaHora.nullable(),
  /** The file's name (its folder is in `programacion.directorio`). */
  archivo: z.string().nullable(),
  tamano: z.number().int().nullable(),
  tablas: z.number().int().nullable(),
  filas: z.number().int().nullable(),
  archivos: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Retention (RESPALDO_CONSERVAR) removed its file. */
  eliminado: z.boolean(),
});
export type RespaldoWire = z.input<typeof respaldoSchema>;

export const alertaRespaldoSchema = z.object({
  tipo: z.enum(['nunca', 'antiguo', 'fallido', 'sin_clave']),
  mensaje: z.string(),
});

export const respaldosSchema = z.object({
  items: z.array(respaldoSchema),
  alerta: alertaRespaldoSchema.nullable(),
  programacion: z.object({
    /** HH:MM in the clinic's zone, or null: no automatic backups (RESPALDO_HORA=no). */
    hora: z.string().nullable(),
    zona: z.string(),
    conservar: z.number().int(),
    directorio: z.string(),
    /** clave: RESPALDO_CLAVE; generada: the development key in DATA_DIR; falta: production without a key. */
    cifrado: z.enum(['clave', 'generada', 'falta']),
  }),
});
export type RespaldosWire = z.input<typeof respaldosSchema>;

export const respaldosEndpoints = {
  listar: endpoint(respaldosRutas.listar, { response: { 200: respaldosSchema } }),
  /** Starts a backup now; 202 with its row while it is written (the list shows how it ended). */
  respaldar: endpoint(respaldosRutas.respaldar, { response: { 202: respaldoSchema } }),
};

export { respaldosPaths, respaldosRutas } from './rutas.ts';
