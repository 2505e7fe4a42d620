// Demo payments (issue 23): the desk's payments of the balances of the latest past appointments done (the demo
// assistant at the desk, 15 minutes after each ends, one method each), and the desk's close of the oldest of those
// days with its cash counted, so "Caja del día", "Mis pagos", the receipts and the closes have something to show.
// Written through the payments service, as the desk writes them. Idempotent: nothing if any payment exists.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { metodosCaja } from '@clinica/contracts/pagos';
import { citas, pagos, usuarios } from '../db/schema/index.ts';
import type { Semilla } from './semilla.ts';

/** How many past appointments get their balance paid. */
const PAGADAS = 6;

export async function seedPagos({ db, services, fijar }: Semilla): Promise<void> {
  if ((await db.select({ id: pagos.id }).from(pagos).limit(1)).length) return;
  const [asistente] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.correo, 'asistente@demo.test'));
  if (!asistente) return;
  const hechas = await db
    .select({ id: citas.id, fin: citas.fin })
    .from(citas)
    .where(and(eq(citas.estado, 'realizada'), inArray(citas.tipo, ['procedimiento', 'evaluacion'])))
    .orderBy(desc(citas.fin))
    .limit(PAGADAS);
  const actor = { id: asistente.id, rol: 'asistente' as const };
  const pagadas: Date[] = [];
  // Oldest first: receipts are numbered in the order they were paid.
  for (const [i, c] of [...hechas].reverse().entries()) {
    const cuando = new Date(c.fin.getTime() + 15 * 60_000);
    fijar(cuando);
    const saldo = await services.pagos.saldo(actor, c.id);
    if (saldo.impedimento) continue;
    const metodo = metodosCaja[i % metodosCaja.length]!;
    await services.pagos.registrar(
      actor,
      { cita_id: c.id, metodo, ...(metodo === 'efectivo' ? {} : { referencia: `DEMO-${1000 + i}` }) },
      {},
    );
    pagadas.push(cuando);
  }
  const primera = pagadas[0];
  if (!primera) return;
  // The desk of the first of those days, closed in the evening with its expected cash counted.
  const dia = services.calendario.fechaDe(primera);
  fijar(services.calendario.instante(dia, '19:00'));
  const caja = await services.pagos.caja(actor, { fecha: dia });
  await services.pagos.cerrarCaja(
    actor,
    { efectivo_contado: caja.efectivo_esperado, fecha: dia, notas: 'Cierre de demostración: la caja cuadró.' },
    {},
  );
}
