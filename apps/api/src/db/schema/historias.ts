// The clinical record (DOMAIN.md "historias_clinicas"; Res. 1995 de 1999, Res. 839 de 2017): one per patient,
// never deleted (a trigger refuses it, whatever the code does), every change keeping the previous version.
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere, refiereOpcional, enteroFijo } from './columnas.ts';
import { usuarios } from './usuarios.ts';

export type Antecedentes = {
  enfermedades: string[];
  alergias: string[];
  cirugias_previas: string[];
  medicamentos: string[];
  condiciones_piel: string[];
};

export const historiasClinicas = pgTable(
  'historias_clinicas',
  {
    id: idPropio(),
    paciente_id: refiere(() => usuarios.id),
    antecedentes: jsonb().$type<Antecedentes>().notNull(),
    otras_condiciones: text(),
    embarazo_lactancia: boolean().notNull().default(false),
    consume_tabaco: boolean().notNull().default(false),
    consume_alcohol: boolean().notNull().default(false),
    usa_anticonceptivos: boolean().notNull().default(false),
    detalles_anticonceptivos: text(),
    diabetes: boolean().notNull().default(false),
    hipertension: boolean().notNull().default(false),
    historial_cancer: boolean().notNull().default(false),
    problemas_coagulacion: boolean().notNull().default(false),
    epilepsia: boolean().notNull().default(false),
    /** Fitzpatrick I-VI. */
    fototipo: smallint(),
    version: enteroFijo().default(1),
    creada_por: refiereOpcional(() => usuarios.id),
    creada_en: ahora(),
    actualizada_por: refiereOpcional(() => usuarios.id),
    actualizada_en: ahora(),
  },
  (t) => [
    uniqueIndex('historias_un_paciente').on(t.paciente_id),
    check('historias_fototipo', sql`${t.fototipo} is null or ${t.fototipo} between 1 and 6`),
    check(
      'historias_anticonceptivos_detalle',
      sql`not ${t.usa_anticonceptivos} or coalesce(btrim(${t.detalles_anticonceptivos}), '') <> ''`,
    ),
  ],
);

/** Each save keeps what the record said before: who changed it, when, which fields. */
export const historiasVersiones = pgTable(
  'historias_clinicas_versiones',
  {
    id: idPropio(),
    historia_id: refiere(() => historiasClinicas.id),
    version: enteroFijo(),
    datos: jsonb().notNull(),
    campos: text().array().notNull(),
    cambiada_por: refiereOpcional(() => usuarios.id),
    cambiada_en: ahora(),
  },
  (t) => [uniqueIndex('historias_versiones_unica').on(t.historia_id, t.version)],
);
