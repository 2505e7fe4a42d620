// What a signed procedure note leaves behind for traceability (issue 24, items 2-5; docs/trazabilidad.md): the
// injection chart's points (each with its lot and quantity), the recall notices sent to everyone who received a lot,
// and the retreatment reminders due per product type. Chart points freeze with their note (a trigger refuses any
// change once the note is signed); notices and their recipients are append-only.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TIPOS_PRODUCTO } from '@clinica/contracts/insumos';
import {
  CALIBRES,
  DISPOSITIVOS_APLICACION,
  PLANOS_APLICACION,
  TECNICAS_APLICACION,
  VISTAS_MAPA,
  ZONAS_FACIALES,
} from '@clinica/contracts/mapa-facial';
import { ahora, idPropio, instante, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { citas } from './citas.ts';
import { evoluciones } from './evoluciones.ts';
import { lotes } from './insumos.ts';
import { usuarios } from './usuarios.ts';

/** One point of a note's injection chart. Its quantity leaves the lot when the note is signed. */
export const aplicaciones = pgTable(
  'aplicaciones',
  {
    id: idPropio(),
    evolucion_id: refiere(() => evoluciones.id),
    /** Chart order (the table's rows and the PDF follow it). */
    orden: smallint().notNull(),
    vista: text({ enum: VISTAS_MAPA }).notNull(),
    zona: text({ enum: ZONAS_FACIALES }).notNull(),
    /** Position in the view's 0-1000 square. */
    x: smallint().notNull(),
    y: smallint().notNull(),
    lote_id: refiere(() => lotes.id),
    /** Hundredths of the product's unit. */
    cantidad: integer().notNull(),
    plano: text({ enum: PLANOS_APLICACION }).notNull(),
    tecnica: text({ enum: TECNICAS_APLICACION }).notNull(),
    dispositivo: text({ enum: DISPOSITIVOS_APLICACION }).notNull(),
    calibre: text({ enum: CALIBRES }).notNull(),
    nota: textoFijo().default(''),
  },
  (t) => [
    uniqueIndex('aplicaciones_evolucion_orden').on(t.evolucion_id, t.orden),
    // "¿Quién recibió este lote?" reads by lot.
    index('aplicaciones_lote_idx').on(t.lote_id),
    check('aplicaciones_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('aplicaciones_en_el_dibujo', sql`${t.x} between 0 and 1000 and ${t.y} between 0 and 1000`),
  ],
);

/** A recall notice about a lot (INVIMA alert, counterfeit, a supplier's recall), written by a doctor or an admin. */
export const alertasLote = pgTable(
  'alertas_lote',
  {
    id: idPropio(),
    lote_id: refiere(() => lotes.id),
    autor_id: refiere(() => usuarios.id),
    texto: textoFijo(),
    creada_en: ahora(),
  },
  (t) => [index('alertas_lote_lote_idx').on(t.lote_id, t.creada_en)],
);

/** Who a notice reached: every patient who had received the lot when it was sent. */
export const alertasLotePacientes = pgTable(
  'alertas_lote_pacientes',
  {
    alerta_id: refiere(() => alertasLote.id),
    paciente_id: refiere(() => usuarios.id),
  },
  (t) => [
    primaryKey({ columns: [t.alerta_id, t.paciente_id] }),
    index('alertas_lote_pacientes_paciente_idx').on(t.paciente_id),
  ],
);

/**
 * The clinic's own retreatment interval for a product type, overriding the usual one in the contracts
 * (INTERVALOS_RETRATAMIENTO): a patient is due from `semanas_desde` after her application and overdue after
 * `semanas_hasta`; `recordar` false turns the recall off for the type.
 */
export const intervalosRetratamiento = pgTable(
  'intervalos_retratamiento',
  {
    tipo: text({ enum: TIPOS_PRODUCTO }).primaryKey(),
    semanas_desde: smallint().notNull(),
    semanas_hasta: smallint().notNull(),
    recordar: boolean().notNull().default(true),
    actualizado_por: refiereOpcional(() => usuarios.id),
    actualizado_en: ahora(),
  },
  (t) => [
    check(
      'intervalos_retratamiento_rango',
      sql`${t.semanas_desde} between 1 and 260 and ${t.semanas_hasta} between ${t.semanas_desde} and 260`,
    ),
  ],
);

/**
 * One retreatment due: a signed note applied a product type with a recall interval. The reminder goes once
 * (`recordado_en`); `cita_id` is the appointment booked for it, when the patient booked.
 */
export const retratamientos = pgTable(
  'retratamientos',
  {
    id: idPropio(),
    evolucion_id: refiere(() => evoluciones.id),
    paciente_id: refiere(() => usuarios.id),
    doctor_id: refiere(() => usuarios.id),
    tipo: text({ enum: TIPOS_PRODUCTO }).notNull(),
    aplicado_el: date({ mode: 'string' }).notNull(),
    /** Due from this clinic day... */
    desde_el: date({ mode: 'string' }).notNull(),
    /** ...and overdue after this one. */
    hasta_el: date({ mode: 'string' }).notNull(),
    recordado_en: instante(),
    cita_id: refiereOpcional(() => citas.id),
  },
  (t) => [
    uniqueIndex('retratamientos_evolucion_tipo').on(t.evolucion_id, t.tipo),
    index('retratamientos_desde_idx').on(t.desde_el),
    index('retratamientos_paciente_idx').on(t.paciente_id),
  ],
);
