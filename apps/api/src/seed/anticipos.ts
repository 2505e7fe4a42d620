// Demo deposit rules (issue 23, item 2): the injectables and threads ask 30 % of their price to hold the slot, and
// cryolipolysis a fixed $ 100.000, so the service pages, the booking screens and the desk show deposits. Only
// procedures that need an evaluation first (the demo's other journeys book the rest). Idempotent: nothing once any
// procedure has a rule.
import { inArray, isNotNull } from 'drizzle-orm';
import { procedimientos } from '../db/schema/index.ts';
import type { Semilla } from './semilla.ts';

const PORCENTAJE = ['Toxina botulínica (tercio superior)', 'Ácido hialurónico (rellenos)', 'Hilos tensores PDO'];
const FIJO = { nombre: 'Criolipólisis', valor: 100_000 };

export async function seedAnticipos({ db }: Semilla): Promise<void> {
  if (
    (
      await db
        .select({ id: procedimientos.id })
        .from(procedimientos)
        .where(isNotNull(procedimientos.anticipo_tipo))
        .limit(1)
    ).length
  )
    return;
  await db
    .update(procedimientos)
    .set({ anticipo_tipo: 'porcentaje', anticipo_valor: 30 })
    .where(inArray(procedimientos.nombre, PORCENTAJE));
  await db
    .update(procedimientos)
    .set({ anticipo_tipo: 'fijo', anticipo_valor: FIJO.valor })
    .where(inArray(procedimientos.nombre, [FIJO.nombre]));
}
