// SQL for the doctors' agendas (issue 8): their weekly hours (one row per window) and their blocks (vacations,
// training). The booking rules read both; staff, or a doctor for themself, replace the hours and add or remove blocks
// (horarios.service.ts). Blocks never overlap (bloqueos_sin_cruce, 0005_citas.sql).
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import { bloqueosAgenda, horariosDoctor } from '../../db/schema/index.ts';
import type { HorarioFila } from './disponibilidad.ts';

export type BloqueoFila = typeof bloqueosAgenda.$inferSelect;

/** A window as the rules compare it: PostgreSQL answers `time` as 'HH:MM:SS', the agenda speaks 'HH:MM'. */
export const ventana = (h: { hora_inicio: string; hora_fin: string }) => ({
  hora_inicio: h.hora_inicio.slice(0, 5),
  hora_fin: h.hora_fin.slice(0, 5),
});

export function createHorariosRepository(db: Executor) {
  return {
    async horarios(doctorIds: number[]): Promise<(HorarioFila & { doctor_id: number })[]> {
      if (!doctorIds.length) return [];
      const filas = await db
        .select(columnasDe(horariosDoctor, 'doctor_id', 'dia_semana', 'hora_inicio', 'hora_fin'))
        .from(horariosDoctor)
        .where(inArray(horariosDoctor.doctor_id, doctorIds))
        .orderBy(asc(horariosDoctor.dia_semana), asc(horariosDoctor.hora_inicio));
      return filas.map((f) => ({ ...f, ...ventana(f) }));
    },

    async reemplazarHorarios(doctorId: number, horarios: HorarioFila[]): Promise<void> {
      await db.delete(horariosDoctor).where(eq(horariosDoctor.doctor_id, doctorId));
      if (horarios.length) await db.insert(horariosDoctor).values(horarios.map((h) => ({ ...h, doctor_id: doctorId })));
    },

    async bloqueos(doctorIds: number[], desde: Date, hasta: Date): Promise<BloqueoFila[]> {
      if (!doctorIds.length) return [];
      return db
        .select()
        .from(bloqueosAgenda)
        .where(
          and(
            inArray(bloqueosAgenda.doctor_id, doctorIds),
            lt(bloqueosAgenda.inicio, hasta),
            gt(bloqueosAgenda.fin, desde),
          ),
        )
        .orderBy(asc(bloqueosAgenda.inicio));
    },

    async crearBloqueo(v: { doctor_id: number; inicio: Date; fin: Date; motivo: string; creado_por: number }) {
      const [f] = await db.insert(bloqueosAgenda).values(v).returning();
      return f!;
    },

    /** The removed block's time, or undefined when there was none. */
    async eliminarBloqueo(doctorId: number, id: number): Promise<{ inicio: Date; fin: Date } | undefined> {
      const [f] = await db
        .delete(bloqueosAgenda)
        .where(and(eq(bloqueosAgenda.id, id), eq(bloqueosAgenda.doctor_id, doctorId)))
        .returning({ inicio: bloqueosAgenda.inicio, fin: bloqueosAgenda.fin });
      return f;
    },
  };
}
export type HorariosRepository = ReturnType<typeof createHorariosRepository>;
