// SQL for follow-up plans (decision 0017): the plan recorded on a clinical note and the appointments booked from it.
// The appointments themselves are written by the booking engine (features/citas) in the same transaction.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { usuarioPorId } from '../../db/usuario-por-id.ts';
import {
  citas,
  evoluciones,
  planesSeguimiento,
  planesSeguimientoCitas,
  procedimientos,
} from '../../db/schema/index.ts';

export type PlanFila = typeof planesSeguimiento.$inferSelect;
export type NuevoPlan = Omit<typeof planesSeguimiento.$inferInsert, 'id' | 'creado_en' | 'actualizado_en'>;
export type CambiosPlan = Pick<NuevoPlan, 'descripcion' | 'procedimiento_id' | 'cada_dias' | 'sesiones' | 'desde'>;
export type SesionAgendada = {
  sesion: number;
  cita_id: number;
  inicio: Date;
  estado: (typeof citas.$inferSelect)['estado'];
};
export type PlanCompleto = {
  plan: PlanFila;
  paciente_nombre: string;
  doctor_nombre: string;
  procedimiento_nombre: string;
  /** The original appointment's start: its hour is the series' preferred hour. */
  cita_inicio: Date;
  agendadas: SesionAgendada[];
};

// The plan's patient and doctor, read by id (see usuarioPorId).
const paciente = usuarioPorId('paciente', planesSeguimiento.paciente_id);
const doctor = usuarioPorId('doctor', planesSeguimiento.doctor_id);

export function createPlanesRepository(db: Executor) {
  async function completo(where: ReturnType<typeof eq>): Promise<PlanCompleto | undefined> {
    const [f] = await db
      .select({
        plan: planesSeguimiento,
        paciente_nombre: paciente.nombre,
        doctor_nombre: doctor.nombre,
        procedimiento_nombre: procedimientos.nombre,
        cita_inicio: citas.inicio,
      })
      .from(planesSeguimiento)
      .innerJoinLateral(paciente, sql`true`)
      .innerJoinLateral(doctor, sql`true`)
      .innerJoin(procedimientos, eq(procedimientos.id, planesSeguimiento.procedimiento_id))
      .innerJoin(citas, eq(citas.id, planesSeguimiento.cita_id))
      .where(where)
      .limit(1);
    if (!f) return undefined;
    return { ...f, agendadas: await agendadas(f.plan.id) };
  }

  const agendadas = (planId: number): Promise<SesionAgendada[]> =>
    db
      .select({
        sesion: planesSeguimientoCitas.sesion,
        cita_id: citas.id,
        ...columnasDe(citas, 'inicio', 'estado'),
      })
      .from(planesSeguimientoCitas)
      .innerJoin(citas, eq(citas.id, planesSeguimientoCitas.cita_id))
      .where(eq(planesSeguimientoCitas.plan_id, planId))
      .orderBy(asc(planesSeguimientoCitas.sesion), asc(citas.id));

  return {
    /** What the rules need of the appointment, with its clinical note if one exists. */
    async cita(citaId: number) {
      const [f] = await db
        .select({
          ...columnasDe(citas, 'id', 'paciente_id', 'doctor_id', 'estado'),
          evolucion_id: evoluciones.id,
        })
        .from(citas)
        .leftJoin(evoluciones, eq(evoluciones.cita_id, citas.id))
        .where(eq(citas.id, citaId))
        .limit(1);
      return f;
    },

    procedimiento: (id: number) =>
      filaPorId(db, procedimientos, id, { id: procedimientos.id, activo: procedimientos.activo }),

    porCita: (citaId: number) => completo(eq(planesSeguimiento.cita_id, citaId)),
    porId: (id: number) => completo(eq(planesSeguimiento.id, id)),
    agendadas,

    async crear(v: NuevoPlan): Promise<number> {
      const [f] = await db.insert(planesSeguimiento).values(v).returning({ id: planesSeguimiento.id });
      return f!.id;
    },

    async actualizar(id: number, v: CambiosPlan, ahora: Date) {
      await db
        .update(planesSeguimiento)
        .set({ ...v, actualizado_en: ahora })
        .where(eq(planesSeguimiento.id, id));
    },

    /** Locks the plan for this transaction: two confirmations of one plan never interleave. */
    async bloquear(id: number) {
      await db
        .select({ id: planesSeguimiento.id })
        .from(planesSeguimiento)
        .where(eq(planesSeguimiento.id, id))
        .for('update');
    },

    async enlazar(planId: number, sesion: number, citaId: number) {
      await db.insert(planesSeguimientoCitas).values({ plan_id: planId, sesion, cita_id: citaId });
    },
  };
}
export type PlanesRepository = ReturnType<typeof createPlanesRepository>;
