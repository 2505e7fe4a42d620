// Informed consent (DOMAIN.md "consentimientos", "plantillas_consentimiento"; Ley 23 de 1981; issue 9, item 5).
// A template is versioned per procedure: a new version is a new row, never an edit. A consent row is written
// once, already signed, with the exact text and version shown, the signature image and the PDF built at signing
// (private files) and the PDF's SHA-256. Revocation is a new dated row. Triggers in migration 0010 refuse any
// UPDATE or DELETE of templates, consents and revocations.
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, instanteFijo, ahora, refiere, refiereOpcional, textoFijo, enteroFijo } from './columnas.ts';
import { deLaCita, indicesDeLaCita } from './columnas-cita.ts';
import { procedimientos } from './catalogo.ts';
import { archivos } from './plataforma.ts';
import { usuarios } from './usuarios.ts';

export const plantillasConsentimiento = pgTable(
  'plantillas_consentimiento',
  {
    id: idPropio(),
    procedimiento_id: refiere(() => procedimientos.id),
    version: enteroFijo(),
    /** Risks, alternatives and aftercare, as the patient reads them. */
    texto: textoFijo(),
    vigente_desde: instanteFijo(),
    creada_por: refiereOpcional(() => usuarios.id),
    creada_en: ahora(),
  },
  (t) => [uniqueIndex('plantillas_consentimiento_version').on(t.procedimiento_id, t.version)],
);

export const consentimientos = pgTable(
  'consentimientos',
  {
    id: idPropio(),
    ...deLaCita(),
    procedimiento_id: refiere(() => procedimientos.id),
    plantilla_id: refiere(() => plantillasConsentimiento.id),
    plantilla_version: enteroFijo(),
    /** The exact text shown and signed (a later template version never changes it). */
    texto: textoFijo(),
    acepta_fotos: boolean().notNull(),
    /** The drawn signature, a private PNG file owned by the patient. */
    firma_archivo_id: refiere(() => archivos.id),
    firmado_en: instanteFijo(),
    /** Whose session the signature came through: the patient's own, or an assistant's at the desk. */
    registrado_por: refiere(() => usuarios.id),
    ip: text(),
    dispositivo: text(),
    /** The PDF built once at signing (private file) and its SHA-256, the anchor for verification. */
    pdf_archivo_id: refiere(() => archivos.id),
    pdf_sha256: textoFijo(),
  },
  (t) => [...indicesDeLaCita('consentimientos', t)],
);

/** A patient's dated revocation of a consent; the consent itself stays as it was signed. */
export const revocacionesConsentimiento = pgTable(
  'revocaciones_consentimiento',
  {
    id: idPropio(),
    consentimiento_id: refiere(() => consentimientos.id),
    revocado_en: instanteFijo(),
    motivo: textoFijo().default(''),
    revocado_por: refiere(() => usuarios.id),
    ip: text(),
    dispositivo: text(),
  },
  (t) => [uniqueIndex('revocaciones_una_por_consentimiento').on(t.consentimiento_id)],
);
