// SQL for clinical records and their versions. No delete here (and the database refuses one anyway).
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
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
import { productosAplicadosDe } from './productos-aplicados.repository.ts';

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

/**
 * Audit rows of one kind of resource and action: `accion` one action or several, `recurso` one resource id or a
 * subquery of them.
 */
function lecturas(tipo: string, accion: string | string[], recurso: string | SQLWrapper) {
  return and(
    eq(auditoria.recurso, tipo),
    Array.isArray(accion) ? inArray(auditoria.accion, accion) : eq(auditoria.accion, accion),
    typeof recurso === 'string' ? eq(auditoria.recurso_id, recurso) : inArray(auditoria.recurso_id, recurso),
  );
}

export function createHistoriasRepository(db: Executor) {
  /** The one record that matches, with its patient's demographics and its author. */
  async function conCreadorDonde(donde: SQL) {
    const [f] = await db
      .select(conCreador)
      .from(historiasClinicas)
      .innerJoin(paciente, eq(paciente.id, historiasClinicas.paciente_id))
      .leftJoin(creador, eq(creador.id, historiasClinicas.creada_por))
      .where(donde)
      .limit(1);
    return f;
  }

  return {
    /** Demographics only (SPEC 7): no clinical field is read. */
    async listar() {
      return db
        .select({ id: historiasClinicas.id, usuario: demografia })
        .from(historiasClinicas)
        .innerJoin(paciente, eq(paciente.id, historiasClinicas.paciente_id))
        .orderBy(asc(paciente.nombre));
    },

    buscar: (id: number) => conCreadorDonde(eq(historiasClinicas.id, id)),
    buscarPorPaciente: (pacienteId: number) => conCreadorDonde(eq(historiasClinicas.paciente_id, pacienteId)),

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
          ...columnasDe(historiasVersiones, 'version', 'campos', 'datos', 'cambiada_en'),
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
      /** The ids of the patient's rows in one table, as text (the audit rows' `recurso_id`). */
      const delPaciente = (tabla: PgTable, id: AnyPgColumn, duena: AnyPgColumn) =>
        db
          .select({ id: sql<string>`cast(${id} as text)` })
          .from(tabla)
          .where(eq(duena, pacienteId));
      const notasDelPaciente = delPaciente(evoluciones, evoluciones.id, evoluciones.paciente_id);
      const citasDelPaciente = delPaciente(citas, citas.id, citas.paciente_id);
      const archivosDelPaciente = delPaciente(archivos, archivos.id, archivos.propietario_id);
      const consentimientosDelPaciente = delPaciente(consentimientos, consentimientos.id, consentimientos.paciente_id);
      const planesDelPaciente = delPaciente(planesSeguimiento, planesSeguimiento.id, planesSeguimiento.paciente_id);
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
              historiaId === null
                ? undefined
                : lecturas(
                    'historia_clinica',
                    ['historia.leer', 'historia.resumen', 'historia.alertas', 'historia.editar'],
                    String(historiaId),
                  ),
              lecturas('evolucion', 'evolucion.leer', notasDelPaciente),
              lecturas('paciente', 'historia.copia', String(pacienteId)),
              // Exam results and clinical photos (issue 9, items 4 and 6): the lists of an appointment, the
              // patient's photo timeline, and every private file of theirs someone opened.
              lecturas('cita', ['resultado_examen.listar', 'foto_clinica.listar'], citasDelPaciente),
              lecturas('usuario', 'foto_clinica.listar', String(pacienteId)),
              // The products and lots applied in her signed notes (issue 24, item 3).
              lecturas('usuario', 'productos_aplicados.leer', String(pacienteId)),
              lecturas('archivo', 'archivo.leer', archivosDelPaciente),
              // Consents (the appointment's list, keyed by the appointment), their integrity checks (keyed by the
              // consent) and follow-up plans (keyed by the plan).
              lecturas('cita', 'consentimiento.leer', citasDelPaciente),
              lecturas('consentimiento', 'consentimiento.verificar', consentimientosDelPaciente),
              lecturas('plan_seguimiento', 'plan_seguimiento.leer', planesDelPaciente),
            ),
          ),
        )
        .orderBy(desc(auditoria.creada_en), desc(auditoria.id))
        .limit(limite);
    },

    /** Every product and lot a patient received in her signed notes, newest first (at most `limite` rows). */
    productosAplicados: (pacienteId: number, limite: number) => productosAplicadosDe(db, pacienteId, limite),

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
