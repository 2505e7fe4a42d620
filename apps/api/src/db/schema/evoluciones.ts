// Clinical notes per appointment (DOMAIN.md "evoluciones"; Res. 1995 de 1999, Res. 839 de 2017): written by the
// appointment's doctor, immutable once signed (content hash stored; triggers in migration 0009 refuse any change
// to a signed note, its prescriptions and exam orders, and any deletion), corrected only by dated addenda.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, instante, ahora, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { deLaCita } from './columnas-cita.ts';
import { archivos } from './plataforma.ts';
import { usuarios } from './usuarios.ts';

/** A product applied during the procedure, with its lot number and dose (traceability, INVIMA). */
export type ProductoAplicado = { nombre: string; lote: string; dosis: string };

export const evoluciones = pgTable(
  'evoluciones',
  {
    id: idPropio(),
    ...deLaCita(),
    /** The appointment's doctor. */
    autor_id: refiere(() => usuarios.id),
    motivo: textoFijo(),
    hallazgos: textoFijo().default(''),
    procedimiento_realizado: textoFijo().default(''),
    productos: jsonb().$type<ProductoAplicado[]>().notNull().default([]),
    indicaciones: textoFijo().default(''),
    creada_en: ahora(),
    actualizada_en: ahora(),
    /** Null while a draft; from then on the row never changes. */
    firmada_en: instante(),
    /** SHA-256 (hex) of the canonical content at signing (docs/decisions: evoluciones). */
    hash_contenido: text(),
    /** The prescription and exam-order PDFs generated once at signing (private files). */
    receta_archivo_id: refiereOpcional(() => archivos.id),
    orden_archivo_id: refiereOpcional(() => archivos.id),
  },
  (t) => [
    uniqueIndex('evoluciones_una_por_cita').on(t.cita_id),
    index('evoluciones_paciente_idx').on(t.paciente_id),
    // A signed note always carries its hash, and a draft none.
    check('evoluciones_firma_con_hash', sql`(${t.firmada_en} is null) = (${t.hash_contenido} is null)`),
  ],
);

/** Medications prescribed in the note. */
export const formulas = pgTable(
  'formulas',
  {
    id: idPropio(),
    evolucion_id: refiere(() => evoluciones.id),
    nombre: textoFijo(),
    dosis: textoFijo(),
    frecuencia: textoFijo(),
    duracion: textoFijo(),
  },
  (t) => [index('formulas_evolucion_idx').on(t.evolucion_id)],
);

/** Exams the note orders. */
export const ordenesExamen = pgTable(
  'ordenes_examen',
  {
    id: idPropio(),
    evolucion_id: refiere(() => evoluciones.id),
    examen: textoFijo(),
    indicaciones: textoFijo().default(''),
  },
  (t) => [index('ordenes_examen_evolucion_idx').on(t.evolucion_id)],
);

/** Dated corrections of a signed note; the original stays as it was. Never changed or deleted. */
export const adendas = pgTable(
  'adendas',
  {
    id: idPropio(),
    evolucion_id: refiere(() => evoluciones.id),
    autor_id: refiere(() => usuarios.id),
    texto: textoFijo(),
    creada_en: ahora(),
  },
  (t) => [index('adendas_evolucion_idx').on(t.evolucion_id)],
);
