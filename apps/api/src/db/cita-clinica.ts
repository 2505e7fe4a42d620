// The appointment as the clinical features read it (notes, consents, exam results and photos): its state and
// procedure, and who its patient and doctor are, for their rules, their PDFs and their messages.
import { eq, sql } from 'drizzle-orm';
import { citas, procedimientos } from './schema/index.ts';
import type { Executor } from './tipos.ts';
import { usuarioPorId } from './usuario-por-id.ts';

// The appointment's patient and doctor, read by id (see usuarioPorId).
const paciente = usuarioPorId('paciente', citas.paciente_id);
const doctor = usuarioPorId('doctor', citas.doctor_id);

/** The appointment with this id, or undefined when there is none. */
export async function citaClinica(db: Executor, citaId: number) {
  const [f] = await db
    .select({
      id: citas.id,
      paciente_id: citas.paciente_id,
      paciente_nombre: paciente.nombre,
      paciente_tipodocumento: paciente.tipodocumento,
      paciente_documento: paciente.numerodocumento,
      paciente_nacimiento: paciente.fecha_nacimiento,
      doctor_id: citas.doctor_id,
      doctor_nombre: doctor.nombre,
      doctor_tipodocumento: doctor.tipodocumento,
      doctor_documento: doctor.numerodocumento,
      doctor_registro: doctor.registro_profesional,
      estado: citas.estado,
      tipo: citas.tipo,
      inicio: citas.inicio,
      procedimiento_id: citas.procedimiento_id,
      procedimiento_nombre: procedimientos.nombre,
    })
    .from(citas)
    .innerJoinLateral(paciente, sql`true`)
    .innerJoinLateral(doctor, sql`true`)
    .leftJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
    .where(eq(citas.id, citaId))
    .limit(1);
  return f;
}
