// Demo treatment packages (issue 23, item 4): two definitions, and one package sold to the demo patient (through the
// packages service: its payment and receipt number are real) whose first session her latest procedure done already
// used. Sold at the administrator's desk: the assistant's desk days may be closed by seed/pagos.ts. Idempotent:
// nothing is written once the demo patient has a package.
import { and, desc, eq, ilike } from 'drizzle-orm';
import { citas, paquetes, paquetesPaciente, procedimientos, usuarios } from '../db/schema/index.ts';
import type { Semilla } from './semilla.ts';

const DIA_MS = 24 * 3_600_000;
/** A package's price: its sessions at the catalogue price less 15 %, in thousands of pesos. */
const precioPaquete = (precioSesion: number, sesiones: number) =>
  Math.round((precioSesion * sesiones * 0.85) / 1000) * 1000;

async function usuarioDemo(db: Semilla['db'], correo: string) {
  const [u] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.correo, correo)).limit(1);
  return u;
}

export async function seedPaquetes({ db, services, fijar }: Semilla): Promise<void> {
  const [paciente, admin] = await Promise.all([
    usuarioDemo(db, 'paciente@demo.test'),
    usuarioDemo(db, 'admin@demo.test'),
  ]);
  if (!paciente || !admin) return;
  const [ya] = await db
    .select({ id: paquetesPaciente.id })
    .from(paquetesPaciente)
    .where(eq(paquetesPaciente.paciente_id, paciente.id))
    .limit(1);
  if (ya) return;

  // Her latest procedure done: the package is of that procedure, bought before it, and it used one session.
  const [cita] = await db
    .select({
      id: citas.id,
      inicio: citas.inicio,
      doctor_id: citas.doctor_id,
      procedimiento_id: procedimientos.id,
      nombre: procedimientos.nombre,
      precio: procedimientos.precio,
    })
    .from(citas)
    .innerJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
    .where(and(eq(citas.paciente_id, paciente.id), eq(citas.estado, 'realizada'), eq(citas.tipo, 'procedimiento')))
    .orderBy(desc(citas.inicio))
    .limit(1);
  if (!cita) return;
  const [laser] = await db
    .select({ id: procedimientos.id, precio: procedimientos.precio })
    .from(procedimientos)
    .where(ilike(procedimientos.nombre, 'Depilación láser de axilas%'))
    .limit(1);

  const actor = { id: admin.id, rol: 'administrador' as const };
  const origen = { agente: 'semilla de demostración' };
  // Defined and sold three days before that appointment.
  fijar(new Date(cita.inicio.getTime() - 3 * DIA_MS));
  try {
    const definido = await services.paquetes.crear(
      actor,
      {
        nombre: `${cita.nombre}: 4 sesiones`,
        procedimiento_id: cita.procedimiento_id,
        sesiones: 4,
        precio: precioPaquete(cita.precio, 4),
        vigencia_dias: 180,
      },
      origen,
    );
    if (laser) {
      const [existe] = await db
        .select({ id: paquetes.id })
        .from(paquetes)
        .where(eq(paquetes.procedimiento_id, laser.id));
      if (!existe) {
        await services.paquetes.crear(
          actor,
          {
            nombre: 'Depilación láser de axilas: 6 sesiones',
            procedimiento_id: laser.id,
            sesiones: 6,
            precio: precioPaquete(laser.precio, 6),
            vigencia_dias: 365,
          },
          origen,
        );
      }
    }
    await services.paquetes.vender(
      actor,
      { paciente_id: paciente.id, paquete_id: definido.id, metodo: 'datafono', referencia: 'Voucher 004512' },
      origen,
    );
    // Her appointment, done: its doctor marked it realizada, which used the first session.
    fijar(new Date(cita.inicio.getTime() + 45 * 60_000));
    await services.transaccion((tx) =>
      services.paquetes.consumirSesion(
        tx,
        { id: cita.doctor_id, rol: 'doctor' },
        { id: cita.id, paciente_id: paciente.id, procedimiento_id: cita.procedimiento_id, inicio: cita.inicio },
        origen,
      ),
    );
  } finally {
    fijar(null);
  }
}
