// Demo follow-up plan (issue 9, item 4): the demo patient's latest procedure done has "requiere más sesiones"
// recorded on its signed note, not yet booked, so the appointment's details show the series the agenda proposes on
// first start. Idempotent.
import { fechaEnZona, sumarDias } from '@clinica/contracts/tiempo';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { citas, evoluciones, planesSeguimiento, usuarios } from '../db/schema/index.ts';

export async function seedPlanes(db: Db, opts: { zona: string; ahora?: Date }): Promise<void> {
  const [c] = await db
    .select({
      id: citas.id,
      paciente_id: citas.paciente_id,
      doctor_id: citas.doctor_id,
      procedimiento_id: citas.procedimiento_id,
      evolucion_id: evoluciones.id,
    })
    .from(citas)
    .innerJoin(usuarios, eq(usuarios.id, citas.paciente_id))
    .innerJoin(evoluciones, eq(evoluciones.cita_id, citas.id))
    .leftJoin(planesSeguimiento, eq(planesSeguimiento.cita_id, citas.id))
    .where(
      and(
        eq(usuarios.correo, 'paciente@demo.test'),
        eq(citas.estado, 'realizada'),
        eq(citas.tipo, 'procedimiento'),
        isNull(planesSeguimiento.id),
      ),
    )
    .orderBy(desc(citas.inicio))
    .limit(1);
  if (!c?.procedimiento_id) return;
  if (await db.$count(planesSeguimiento, eq(planesSeguimiento.paciente_id, c.paciente_id))) return;
  await db.insert(planesSeguimiento).values({
    evolucion_id: c.evolucion_id,
    cita_id: c.id,
    paciente_id: c.paciente_id,
    doctor_id: c.doctor_id,
    procedimiento_id: c.procedimiento_id,
    descripcion:
      'Requiere 3 sesiones más para completar el tratamiento; valorar tolerancia y fotoprotección en cada una.',
    cada_dias: 21,
    sesiones: 3,
    desde: sumarDias(fechaEnZona(opts.ahora ?? new Date(), opts.zona), 7),
    creado_por: c.doctor_id,
  });
}
