// SQL for exam results and clinical photos of an appointment. Only inserts and reads: nothing here updates or
// deletes, and the database refuses it anyway (0011_adjuntos.sql).
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { citaClinica } from '../../db/cita-clinica.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import {
  archivos,
  citas,
  consentimientos,
  evoluciones,
  fotosClinicas,
  ordenesExamen,
  resultadosExamen,
  revocacionesConsentimiento,
} from '../../db/schema/index.ts';

export type FotoFila = typeof fotosClinicas.$inferSelect;
export type NuevaFoto = Omit<typeof fotosClinicas.$inferInsert, 'id'>;
export type NuevoResultado = Omit<typeof resultadosExamen.$inferInsert, 'id'>;

export function createAdjuntosRepository(db: Executor) {
  const resultadosDonde = (donde: ReturnType<typeof eq>) =>
    db
      .select({
        ...columnasDe(resultadosExamen, 'id', 'cita_id', 'subido_en', 'archivo_id'),
        ...columnasDe(archivos, 'nombre', 'tipo_contenido', 'tamano'),
        examen: ordenesExamen.examen,
      })
      .from(resultadosExamen)
      .innerJoin(archivos, eq(archivos.id, resultadosExamen.archivo_id))
      .leftJoin(ordenesExamen, eq(ordenesExamen.id, resultadosExamen.orden_examen_id))
      .where(donde)
      .orderBy(asc(resultadosExamen.subido_en), asc(resultadosExamen.id));

  return {
    /** What the rules and the messages need of the appointment. */
    cita: (citaId: number) => citaClinica(db, citaId),

    /**
     * The appointment's state, its row held until the transaction ends (a cancellation waits for it): what was
     * checked before the file was stored still holds when its row is written.
     */
    async estadoBloqueado(citaId: number) {
      const [f] = await db.select({ estado: citas.estado }).from(citas).where(eq(citas.id, citaId)).for('share');
      return f?.estado;
    },

    /** The exams ordered by the appointment's signed note (a draft orders nothing yet). */
    ordenes: (citaId: number) =>
      db
        .select({ id: ordenesExamen.id, examen: ordenesExamen.examen })
        .from(ordenesExamen)
        .innerJoin(evoluciones, eq(evoluciones.id, ordenesExamen.evolucion_id))
        .where(and(eq(evoluciones.cita_id, citaId), isNotNull(evoluciones.firmada_en)))
        .orderBy(asc(ordenesExamen.id)),

    resultadosDeCita: (citaId: number) => resultadosDonde(eq(resultadosExamen.cita_id, citaId)),
    resultadosDePaciente: (pacienteId: number) => resultadosDonde(eq(resultadosExamen.paciente_id, pacienteId)),
    async resultado(id: number) {
      const [f] = await resultadosDonde(eq(resultadosExamen.id, id));
      return f;
    },

    /** How many results the appointment has, and the bytes of results this patient stored herself since `desde`. */
    async volumenResultados(pacienteId: number, citaId: number, desde: Date) {
      const [enCita] = await db
        .select({ n: count() })
        .from(resultadosExamen)
        .where(eq(resultadosExamen.cita_id, citaId));
      const [dia] = await db
        .select({ bytes: sql<number>`coalesce(sum(${archivos.tamano}), 0)::bigint` })
        .from(archivos)
        .where(
          and(
            eq(archivos.propietario_id, pacienteId),
            eq(archivos.creado_por, pacienteId),
            eq(archivos.categoria, 'resultado_examen'),
            gte(archivos.creado_en, desde),
          ),
        );
      return { enCita: enCita?.n ?? 0, bytesDia: Number(dia?.bytes ?? 0) };
    },

    async crearResultado(v: NuevoResultado) {
      const [f] = await db.insert(resultadosExamen).values(v).returning({ id: resultadosExamen.id });
      return f!;
    },

    fotosDeCita: (citaId: number) =>
      db
        .select()
        .from(fotosClinicas)
        .where(eq(fotosClinicas.cita_id, citaId))
        .orderBy(asc(fotosClinicas.tomada_en), asc(fotosClinicas.id)),

    /** Every photo of a patient with its appointment's start, newest appointment first. */
    fotosDePaciente: (pacienteId: number) =>
      db
        .select({ foto: fotosClinicas, inicio: citas.inicio })
        .from(fotosClinicas)
        .innerJoin(citas, eq(citas.id, fotosClinicas.cita_id))
        .where(eq(fotosClinicas.paciente_id, pacienteId))
        .orderBy(desc(citas.inicio), asc(fotosClinicas.tomada_en), asc(fotosClinicas.id)),

    async crearFoto(v: NuevaFoto): Promise<FotoFila> {
      const [f] = await db.insert(fotosClinicas).values(v).returning();
      return f!;
    },

    /** The patient's latest signed consent that has not been revoked: it says whether photos are allowed now. */
    async consentimientoVigente(pacienteId: number) {
      const [f] = await db
        .select({ id: consentimientos.id, acepta_fotos: consentimientos.acepta_fotos })
        .from(consentimientos)
        .leftJoin(revocacionesConsentimiento, eq(revocacionesConsentimiento.consentimiento_id, consentimientos.id))
        .where(and(eq(consentimientos.paciente_id, pacienteId), isNull(revocacionesConsentimiento.id)))
        .orderBy(desc(consentimientos.firmado_en), desc(consentimientos.id))
        .limit(1);
      return f;
    },
  };
}
export type AdjuntosRepository = ReturnType<typeof createAdjuntosRepository>;
