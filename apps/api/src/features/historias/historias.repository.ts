// SQL for clinical records and their versions. No delete here (and the database refuses one anyway).
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  archivos,
  auditoria,
  citas,
  consentimientos,
  evoluciones,
  historiasClinicas,
  historiasVersiones,
  planesSeguimiento,
  usuarios,
} from '../../db/schema/index.ts';

export type HistoriaFila = typeof historiasClinicas.$inferSelect;
export type NuevaHistoria = Omit<
  typeof historiasClinicas.$inferInsert,
  'id' | 'version' | 'creada_en' | 'actualizada_en'
>;
export type CambiosHistoria = Partial<Omit<NuevaHistoria, 'paciente_id' | 'creada_por'>>;

const paciente = alias(usuarios, 'paciente');
const demografia = {
  id: paciente.id,
  nombre: paciente.nombre,
  correo: paciente.correo,
  rol: paciente.rol,
  genero: paciente.genero,
};
/** Who wrote the first version (the record's author, Res. 1995 de 1999). */
const creador = alias(usuarios, 'creador');
const conCreador = {
  historia: historiasClinicas,
  usuario: demografia,
  creador_id: creador.id,
  creador_nombre: creador.nombre,
};

export function createHistoriasRepository(db: Executor) {
  return {
    /** Demographics only (SPEC 7): no clinical field is read. */
    async listar() {
      return db
        .select({ id: historiasClinicas.id, usuario: demografia })
        .from(historiasClinicas)
        .innerJoin(paciente, eq(paciente.id, historiasClinicas.paciente_id))
        .orderBy(asc(paciente.nombre));
    },

    async buscar(id: number) {
      const [f] = await db
        .select(conCreador)
        .from(historiasClinicas)
        .innerJoin(paciente, eq(paciente.id, historiasClinicas.paciente_id))
        .leftJoin(creador, eq(creador.id, historiasClinicas.creada_por))
        .where(eq(historiasClinicas.id, id))
        .limit(1);
      return f;
    },

    async buscarPorPaciente(pacienteId: number) {
      const [f] = await db
        .select(conCreador)
        .from(historiasClinicas)
        .innerJoin(paciente, eq(paciente.id, historiasClinicas.paciente_id))
        .leftJoin(creador, eq(creador.id, historiasClinicas.creada_por))
        .where(eq(historiasClinicas.paciente_id, pacienteId))
        .limit(1);
      return f;
    },

    /** The row locked for this transaction's update. */
    async bloquear(id: number): Promise<HistoriaFila | undefined> {
      const [f] = await db.select().from(historiasClinicas).where(eq(historiasClinicas.id, id)).for('update');
      return f;
    },

    async crear(v: NuevaHistoria): Promise<number> {
      const [f] = await db.insert(historiasClinicas).values(v).returning({ id: historiasClinicas.id });
      return f!.id;
    },

    async actualizar(
      id: number,
      cambios: CambiosHistoria & { version: number; actualizada_por: number; actualizada_en: Date },
    ) {
      await db.update(historiasClinicas).set(cambios).where(eq(historiasClinicas.id, id));
    },

    async guardarVersion(v: {
      historia_id: number;
      version: number;
      datos: unknown;
      campos: string[];
      cambiada_por: number;
    }) {
      await db.insert(historiasVersiones).values(v);
    },

    /** Every earlier version, newest first, with what it said (the copy shows it; the screen's list does not). */
    async versiones(historiaId: number) {
      const autor = alias(usuarios, 'autor');
      return db
        .select({
          version: historiasVersiones.version,
          campos: historiasVersiones.campos,
          datos: historiasVersiones.datos,
          cambiada_en: historiasVersiones.cambiada_en,
          autor_id: autor.id,
          autor_nombre: autor.nombre,
        })
        .from(historiasVersiones)
        .leftJoin(autor, eq(autor.id, historiasVersiones.cambiada_por))
        .where(eq(historiasVersiones.historia_id, historiaId))
        .orderBy(desc(historiasVersiones.version));
    },

    /**
     * Audited staff reads about one patient, newest first (the audit rows name the reader): their record (the
     * doctor's read, the front desk's summary, or an edit, whose answer carries the whole record), their clinical
     * notes (`evolucion.leer`, keyed by the note's id), complete copies of their record (`historia.copia`, keyed by
     * the patient), exam results, photos and files, the consents of their appointments and the integrity checks of
     * a signed one, and their follow-up plans. Never the patient's own reads. Issue 21, item 6: every audited read
     * of clinical content is listed here; a new one needs its condition here and its kind in QUE_ACCESO.
     */
    async accesos(pacienteId: number, historiaId: number | null, limite: number) {
      const lector = alias(usuarios, 'lector');
      const notasDelPaciente = db
        .select({ id: sql<string>`cast(${evoluciones.id} as text)` })
        .from(evoluciones)
        .where(eq(evoluciones.paciente_id, pacienteId));
      const citasDelPaciente = db
        .select({ id: sql<string>`cast(${citas.id} as text)` })
        .from(citas)
        .where(eq(citas.paciente_id, pacienteId));
      const archivosDelPaciente = db
        .select({ id: sql<string>`cast(${archivos.id} as text)` })
        .from(archivos)
        .where(eq(archivos.propietario_id, pacienteId));
      const consentimientosDelPaciente = db
        .select({ id: sql<string>`cast(${consentimientos.id} as text)` })
        .from(consentimientos)
        .where(eq(consentimientos.paciente_id, pacienteId));
      const planesDelPaciente = db
        .select({ id: sql<string>`cast(${planesSeguimiento.id} as text)` })
        .from(planesSeguimiento)
        .where(eq(planesSeguimiento.paciente_id, pacienteId));
      const deLaHistoria =
        historiaId === null
          ? undefined
          : and(
              eq(auditoria.recurso, 'historia_clinica'),
              eq(auditoria.recurso_id, String(historiaId)),
              inArray(auditoria.accion, ['historia.leer', 'historia.resumen', 'historia.alertas', 'historia.editar']),
            );
      return db
        .select({
          lector_id: lector.id,
          nombre: lector.nombre,
          rol: lector.rol,
          accion: auditoria.accion,
          cuando: auditoria.creada_en,
        })
        .from(auditoria)
        .innerJoin(lector, eq(lector.id, auditoria.usuario_id))
        .where(
          and(
            eq(auditoria.resultado, 'exito'),
            ne(lector.id, pacienteId),
            or(
              deLaHistoria,
              and(
                eq(auditoria.recurso, 'evolucion'),
                eq(auditoria.accion, 'evolucion.leer'),
                inArray(auditoria.recurso_id, notasDelPaciente),
              ),
              and(
                eq(auditoria.recurso, 'paciente'),
                eq(auditoria.recurso_id, String(pacienteId)),
                eq(auditoria.accion, 'historia.copia'),
              ),
              // Exam results and clinical photos (issue 9, items 4 and 6): the lists of an appointment, the
              // patient's photo timeline, and every private file of theirs someone opened.
              and(
                eq(auditoria.recurso, 'cita'),
                inArray(auditoria.accion, ['resultado_examen.listar', 'foto_clinica.listar']),
                inArray(auditoria.recurso_id, citasDelPaciente),
              ),
              and(
                eq(auditoria.recurso, 'usuario'),
                eq(auditoria.recurso_id, String(pacienteId)),
                eq(auditoria.accion, 'foto_clinica.listar'),
              ),
              and(
                eq(auditoria.recurso, 'archivo'),
                eq(auditoria.accion, 'archivo.leer'),
                inArray(auditoria.recurso_id, archivosDelPaciente),
              ),
              // Consents (the appointment's list, keyed by the appointment), their integrity checks (keyed by the
              // consent) and follow-up plans (keyed by the plan).
              and(
                eq(auditoria.recurso, 'cita'),
                eq(auditoria.accion, 'consentimiento.leer'),
                inArray(auditoria.recurso_id, citasDelPaciente),
              ),
              and(
                eq(auditoria.recurso, 'consentimiento'),
                eq(auditoria.accion, 'consentimiento.verificar'),
                inArray(auditoria.recurso_id, consentimientosDelPaciente),
              ),
              and(
                eq(auditoria.recurso, 'plan_seguimiento'),
                eq(auditoria.accion, 'plan_seguimiento.leer'),
                inArray(auditoria.recurso_id, planesDelPaciente),
              ),
            ),
          ),
        )
        .orderBy(desc(auditoria.creada_en), desc(auditoria.id))
        .limit(limite);
    },

    async rolDe(usuarioId: number) {
      const [f] = await db
        .select({
          rol: usuarios.rol,
          estado: usuarios.estado,
          autorizacion_datos_en: usuarios.terminos_aceptados_en,
        })
        .from(usuarios)
        .where(eq(usuarios.id, usuarioId));
      return f;
    },

    /** A patient's intake is theirs to edit until their first appointment is done. */
    async tuvoConsulta(pacienteId: number): Promise<boolean> {
      const [f] = await db
        .select({ id: citas.id })
        .from(citas)
        .where(and(eq(citas.paciente_id, pacienteId), eq(citas.estado, 'realizada')))
        .limit(1);
      return !!f;
    },
  };
}
export type HistoriasRepository = ReturnType<typeof createHistoriasRepository>;
