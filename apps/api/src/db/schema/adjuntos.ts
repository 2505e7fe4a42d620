// What an appointment gathers besides its note and consent (DOMAIN.md "resultados_examen", "fotos_clinicas";
// issue 9, items 4 and 6): the exam results the patient uploads and the before/after photos the doctor (or an
// assistant at the doctor's request) takes. The bytes are private files (`archivos`); these rows say whose,
// of which appointment and what they are. Both are part of the clinical record (Res. 1995 de 1999): triggers
// in their migration refuse any UPDATE or DELETE.
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { citas } from './citas.ts';
import { consentimientos } from './consentimientos.ts';
import { ordenesExamen } from './evoluciones.ts';
import { archivos } from './plataforma.ts';
import { usuarios } from './usuarios.ts';

const ahora = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const resultadosExamen = pgTable(
  'resultados_examen',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cita_id: integer()
      .notNull()
      .references(() => citas.id),
    paciente_id: integer()
      .notNull()
      .references(() => usuarios.id),
    /** The exam order of the appointment's note this result answers, when there is one. */
    orden_examen_id: integer().references(() => ordenesExamen.id),
    archivo_id: integer()
      .notNull()
      .references(() => archivos.id),
    subido_por: integer()
      .notNull()
      .references(() => usuarios.id),
    subido_en: ahora(),
  },
  (t) => [
    index('resultados_examen_cita_idx').on(t.cita_id),
    index('resultados_examen_paciente_idx').on(t.paciente_id),
    uniqueIndex('resultados_examen_archivo_unico').on(t.archivo_id),
  ],
);

export const fotosClinicas = pgTable(
  'fotos_clinicas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cita_id: integer()
      .notNull()
      .references(() => citas.id),
    paciente_id: integer()
      .notNull()
      .references(() => usuarios.id),
    etiqueta: text({ enum: ['antes', 'despues'] }).notNull(),
    /** The body area, as the doctor names it ("Frente", "Mejilla izquierda"). */
    zona: text().notNull(),
    /** The re-encoded image without metadata (private file). */
    archivo_id: integer()
      .notNull()
      .references(() => archivos.id),
    /** The signed, unrevoked consent that allowed photos when this one was taken. */
    consentimiento_id: integer()
      .notNull()
      .references(() => consentimientos.id),
    tomada_en: ahora(),
    subida_por: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [
    index('fotos_clinicas_cita_idx').on(t.cita_id),
    index('fotos_clinicas_paciente_idx').on(t.paciente_id),
    uniqueIndex('fotos_clinicas_archivo_unico').on(t.archivo_id),
    check('fotos_clinicas_etiqueta', sql`${t.etiqueta} in ('antes', 'despues')`),
  ],
);
