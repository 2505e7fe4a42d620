// Platform tables: the outbox of effects that leave the database, and the metadata of private files.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, instante, ahora, refiere, refiereOpcional, textoFijo, enteroFijo } from './columnas.ts';
import { usuarios } from './usuarios.ts';

/**
 * Outbox (docs/arquitectura.md, "Transacciones y bandeja de salida"): a row written in the same transaction
 * as the change that causes the effect, delivered by the dispatcher only after that transaction commits,
 * retried with growing waits, marked delivered. A rolled-back transaction leaves no row, so no effect.
 */
export const bandejaSalida = pgTable(
  'bandeja_salida',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tipo: textoFijo(),
    carga: jsonb().notNull(),
    creada_en: ahora(),
    /** Not before this instant (first attempt: at once; after a failure: the retry wait). */
    disponible_en: ahora(),
    intentos: enteroFijo().default(0),
    /** A dispatcher claimed the row until then (several instances never deliver one row at once). */
    reclamada_hasta: instante(),
    entregada_en: instante(),
    /** The last failure's message (never the payload). */
    ultimo_error: text(),
    /** A message handed to an outside provider: its id there (the WhatsApp message id), for the status webhooks. */
    externo_id: text(),
    /** What the provider last reported: enviado, entregado, leido, fallido (issue 25). */
    entrega: text({ enum: ['enviado', 'entregado', 'leido', 'fallido'] }),
    entrega_en: instante(),
  },
  (t) => [
    index('bandeja_salida_pendientes_idx')
      .on(t.disponible_en)
      .where(sql`${t.entregada_en} is null`),
    // The reports' summary job (features/reportes/resumen.service.ts) has one row per day ('turno'): scheduling it
    // again (each start, each run) is a no-op, so two instances or a restart never queue it twice.
    uniqueIndex('bandeja_salida_resumen_turno_unico')
      .on(sql`(${t.carga}->>'turno')`)
      .where(sql`${t.tipo} = 'reportes.resumir'`),
    uniqueIndex('bandeja_salida_externo_unico')
      .on(t.externo_id)
      .where(sql`${t.externo_id} is not null`),
  ],
);

/**
 * Private files (signatures, exam results, generated PDFs, clinical photos): the bytes live in private
 * storage under `clave`; they are served only through an authorised, audited route, never by path.
 */
export const archivos = pgTable(
  'archivos',
  {
    id: idPropio(),
    clave: textoFijo(),
    categoria: text({ enum: ['firma', 'resultado_examen', 'documento', 'foto_clinica'] }).notNull(),
    /** The patient whose data this is. */
    propietario_id: refiere(() => usuarios.id),
    nombre: textoFijo(),
    tipo_contenido: textoFijo(),
    tamano: enteroFijo(),
    sha256: textoFijo(),
    creado_por: refiereOpcional(() => usuarios.id),
    creado_en: ahora(),
  },
  (t) => [uniqueIndex('archivos_clave_unica').on(t.clave), index('archivos_propietario_idx').on(t.propietario_id)],
);
