// Informed consent (DOMAIN.md "consentimientos", "plantillas_consentimiento"; Ley 23 de 1981; issue 9, item 5).
// A template is versioned per procedure: a new version is a new row, never an edit. A consent row is written
// once, already signed, with the exact text and version shown, the signature image and the PDF built at signing
// (private files) and the PDF's SHA-256. Revocation is a new dated row. Triggers in migration 0010 refuse any
// UPDATE or DELETE of templates, consents and revocations.
import { index, integer, boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { procedimientos } from './catalogo.ts';
import { citas } from './citas.ts';
import { archivos } from './plataforma.ts';
import { usuarios } from './usuarios.ts';

const ahora = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const plantillasConsentimiento = pgTable(
  'plantillas_consentimiento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    procedimiento_id: integer()
      .notNull()
      .references(() => procedimientos.id),
    version: integer().notNull(),
    /** Risks, alternatives and aftercare, as the patient reads them. */
    texto: text().notNull(),
    vigente_desde: timestamp({ withTimezone: true }).notNull(),
    creada_por: integer().references(() => usuarios.id),
    creada_en: ahora(),
  },
  (t) => [uniqueIndex('plantillas_consentimiento_version').on(t.procedimiento_id, t.version)],
);

export const consentimientos = pgTable(
  'consentimientos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cita_id: integer()
      .notNull()
      .references(() => citas.id),
    paciente_id: integer()
      .notNull()
      .references(() => usuarios.id),
    procedimiento_id: integer()
      .notNull()
      .references(() => procedimientos.id),
    plantilla_id: integer()
      .notNull()
      .references(() => plantillasConsentimiento.id),
    plantilla_version: integer().notNull(),
    /** The exact text shown and signed (a later template version never changes it). */
    texto: text().notNull(),
    acepta_fotos: boolean().notNull(),
    /** The drawn signature, a private PNG file owned by the patient. */
    firma_archivo_id: integer()
      .notNull()
      .references(() => archivos.id),
    firmado_en: timestamp({ withTimezone: true }).notNull(),
    /** Whose session the signature came through: the patient's own, or an assistant's at the desk. */
    registrado_por: integer()
      .notNull()
      .references(() => usuarios.id),
    ip: text(),
    dispositivo: text(),
    /** The PDF built once at signing (private file) and its SHA-256, the anchor for verification. */
    pdf_archivo_id: integer()
      .notNull()
      .references(() => archivos.id),
    pdf_sha256: text().notNull(),
  },
  (t) => [index('consentimientos_cita_idx').on(t.cita_id), index('consentimientos_paciente_idx').on(t.paciente_id)],
);

/** A patient's dated revocation of a consent; the consent itself stays as it was signed. */
export const revocacionesConsentimiento = pgTable(
  'revocaciones_consentimiento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    consentimiento_id: integer()
      .notNull()
      .references(() => consentimientos.id),
    revocado_en: timestamp({ withTimezone: true }).notNull(),
    motivo: text().notNull().default(''),
    revocado_por: integer()
      .notNull()
      .references(() => usuarios.id),
    ip: text(),
    dispositivo: text(),
  },
  (t) => [uniqueIndex('revocaciones_una_por_consentimiento').on(t.consentimiento_id)],
);
