// SQL for consent templates, signed consents and their revocations. Only inserts and reads: there is no update
// or delete here, and the database refuses them anyway (0010_consentimientos.sql).
import { and, asc, desc, eq, isNull, lte, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { citaClinica } from '../../db/cita-clinica.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import {
  citas,
  consentimientos,
  plantillasConsentimiento,
  procedimientos,
  revocacionesConsentimiento,
  usuarios,
} from '../../db/schema/index.ts';

export type PlantillaFila = typeof plantillasConsentimiento.$inferSelect;
export type ConsentimientoFila = typeof consentimientos.$inferSelect;
export type NuevoConsentimiento = Omit<typeof consentimientos.$inferInsert, 'id'>;
export type RevocacionFila = typeof revocacionesConsentimiento.$inferSelect;
export type ConsentimientoConRevocacion = { consentimiento: ConsentimientoFila; revocacion: RevocacionFila | null };

export function createConsentimientosRepository(db: Executor) {
  const conRevocacion = () =>
    db
      .select({ consentimiento: consentimientos, revocacion: revocacionesConsentimiento })
      .from(consentimientos)
      .leftJoin(revocacionesConsentimiento, eq(revocacionesConsentimiento.consentimiento_id, consentimientos.id));

  return {
    procedimiento: (id: number) =>
      filaPorId(db, procedimientos, id, { id: procedimientos.id, nombre: procedimientos.nombre }),

    plantillas: (procedimientoId: number) =>
      db
        .select()
        .from(plantillasConsentimiento)
        .where(eq(plantillasConsentimiento.procedimiento_id, procedimientoId))
        .orderBy(desc(plantillasConsentimiento.version)),

    /** The newest version already in force at `ahora`. */
    async vigente(procedimientoId: number, ahora: Date): Promise<PlantillaFila | undefined> {
      const [f] = await db
        .select()
        .from(plantillasConsentimiento)
        .where(
          and(
            eq(plantillasConsentimiento.procedimiento_id, procedimientoId),
            lte(plantillasConsentimiento.vigente_desde, ahora),
          ),
        )
        .orderBy(desc(plantillasConsentimiento.version))
        .limit(1);
      return f;
    },

    /** A new version, numbered after the last one (two at once: the unique index refuses the second). */
    async crearPlantilla(v: { procedimiento_id: number; texto: string; vigente_desde: Date; creada_por: number }) {
      const [ultima] = await db
        .select({ v: max(plantillasConsentimiento.version) })
        .from(plantillasConsentimiento)
        .where(eq(plantillasConsentimiento.procedimiento_id, v.procedimiento_id));
      const [f] = await db
        .insert(plantillasConsentimiento)
        .values({ ...v, version: (ultima?.v ?? 0) + 1 })
        .returning();
      return f!;
    },

    /** What the rules and the PDF need of the appointment. */
    cita: (citaId: number) => citaClinica(db, citaId),

    /** The name of whoever presented a consent for signing (the desk's assistant). */
    async nombreDe(usuarioId: number): Promise<string | undefined> {
      return (await filaPorId(db, usuarios, usuarioId, { nombre: usuarios.nombre }))?.nombre;
    },

    /** Locks the appointment row so two signatures for it never interleave. */
    async bloquearCita(citaId: number) {
      await db.select({ id: citas.id }).from(citas).where(eq(citas.id, citaId)).for('update');
    },

    /** Every consent of the appointment, newest first, with its revocation if any. */
    deCita: (citaId: number): Promise<ConsentimientoConRevocacion[]> =>
      conRevocacion().where(eq(consentimientos.cita_id, citaId)).orderBy(desc(consentimientos.id)),

    async porId(id: number): Promise<ConsentimientoConRevocacion | undefined> {
      const [f] = await conRevocacion().where(eq(consentimientos.id, id)).limit(1);
      return f;
    },

    /** A patient's signed consents, oldest first, with their revocation (at most one per consent): her copy. */
    async dePaciente(pacienteId: number) {
      return db
        .select({
          ...columnasDe(consentimientos, 'id', 'cita_id'),
          procedimiento: procedimientos.nombre,
          ...columnasDe(consentimientos, 'plantilla_version', 'texto', 'acepta_fotos', 'firmado_en'),
          ...columnasDe(consentimientos, 'pdf_archivo_id', 'pdf_sha256'),
          revocado_en: revocacionesConsentimiento.revocado_en,
          motivo_revocacion: revocacionesConsentimiento.motivo,
        })
        .from(consentimientos)
        .innerJoin(procedimientos, eq(procedimientos.id, consentimientos.procedimiento_id))
        .leftJoin(revocacionesConsentimiento, eq(revocacionesConsentimiento.consentimiento_id, consentimientos.id))
        .where(eq(consentimientos.paciente_id, pacienteId))
        .orderBy(asc(consentimientos.firmado_en), asc(consentimientos.id));
    },

    async crear(v: NuevoConsentimiento): Promise<ConsentimientoFila> {
      const [f] = await db.insert(consentimientos).values(v).returning();
      return f!;
    },

    async revocar(v: Omit<typeof revocacionesConsentimiento.$inferInsert, 'id'>) {
      await db.insert(revocacionesConsentimiento).values(v);
    },

    /**
     * DOMAIN.md: a procedure appointment is realizada only with a signed, unrevoked consent for THAT procedure.
     * A consent signed before staff changed the appointment's procedure (PATCH editarcita) does not count.
     */
    async tieneVigente(citaId: number): Promise<boolean> {
      const [f] = await conRevocacion()
        .innerJoin(
          citas,
          and(eq(citas.id, consentimientos.cita_id), eq(citas.procedimiento_id, consentimientos.procedimiento_id)),
        )
        .where(and(eq(consentimientos.cita_id, citaId), isNull(revocacionesConsentimiento.id)))
        .limit(1);
      return !!f;
    },
  };
}
export type ConsentimientosRepository = ReturnType<typeof createConsentimientosRepository>;
