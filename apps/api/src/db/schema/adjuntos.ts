// What an appointment gathers besides its note and consent (DOMAIN.md "resultados_examen", "fotos_clinicas";
// issue 9, items 4 and 6): the exam results the patient uploads and the before/after photos the doctor (or an
// assistant at the doctor's request) takes. The bytes are private files (`archivos`); these rows say whose,
// of which appointment and what they are. Both are part of the clinical record (Res. 1995 de 1999): triggers
// in their migration refuse any UPDATE or DELETE.
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { deLaCita, indicesDeLaCita } from './columnas-cita.ts';
import { sql } from 'drizzle-orm';
import { ZONAS_FACIALES } from '@clinica/contracts/mapa-facial';
import { consentimientos } from './consentimientos.ts';
import { ordenesExamen } from './evoluciones.ts';
import { archivos } from './plataforma.ts';
import { usuarios } from './usuarios.ts';

export const resultadosExamen = pgTable(
  'resultados_examen',
  {
    id: idPropio(),
    ...deLaCita(),
    /** The exam order of the appointment's note this result answers, when there is one. */
    orden_examen_id: refiereOpcional(() => ordenesExamen.id),
    archivo_id: refiere(() => archivos.id),
    subido_por: refiere(() => usuarios.id),
    subido_en: ahora(),
  },
  (t) => [...indicesDeLaCita('resultados_examen', t), uniqueIndex('resultados_examen_archivo_unico').on(t.archivo_id)],
);

export const fotosClinicas = pgTable(
  'fotos_clinicas',
  {
    id: idPropio(),
    ...deLaCita(),
    etiqueta: text({ enum: ['antes', 'despues'] }).notNull(),
    /** The body area, as the doctor names it ("Frente", "Mejilla izquierda"). */
    zona: textoFijo(),
    /** The injection chart's zone this photo shows, so the comparison lines up visits (issue 24, item 5). */
    zona_mapa: text({ enum: ZONAS_FACIALES }),
    /** The re-encoded image without metadata (private file). */
    archivo_id: refiere(() => archivos.id),
    /** The signed, unrevoked consent that allowed photos when this one was taken. */
    consentimiento_id: refiere(() => consentimientos.id),
    tomada_en: ahora(),
    subida_por: refiere(() => usuarios.id),
  },
  (t) => [
    ...indicesDeLaCita('fotos_clinicas', t),
    uniqueIndex('fotos_clinicas_archivo_unico').on(t.archivo_id),
    check('fotos_clinicas_etiqueta', sql`${t.etiqueta} in ('antes', 'despues')`),
  ],
);
