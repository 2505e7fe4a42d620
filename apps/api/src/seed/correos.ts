// Demo e-mails: the booking e-mail of the next few demo appointments, written with the product's template and
// queued in the outbox like a real booking does, so /correos has something to show on first start. They are
// really dispatched (without SMTP_URL, to the day's mailbox file under DATA_DIR/correos). Idempotent: only when the outbox
// holds no e-mail yet.
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bandejaSalida, citas } from '../db/schema/index.ts';
import { createCorreosCitas } from '../features/citas/citas-correos.ts';
import { createPlantillasCorreo } from '../platform/plantillas-correo.ts';
import { createRepositories } from '../services.ts';

export type OpcionesCorreosDemo = {
  zona: string;
  clinicaNombre: string;
  urlPublica: string;
  direccion?: string | undefined;
  remitente: string;
  ahora?: Date;
};

export async function seedCorreos(db: Db, o: OpcionesCorreosDemo): Promise<void> {
  const [hay] = await db.select({ n: count() }).from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
  if (hay?.n) return;
  const ahora = o.ahora ?? new Date();
  const proximas = await db
    .select({ id: citas.id })
    .from(citas)
    .where(and(gt(citas.inicio, ahora), inArray(citas.estado, ['pendiente', 'confirmada'])))
    .orderBy(asc(citas.inicio))
    .limit(4);
  const correos = createCorreosCitas({
    plantillas: createPlantillasCorreo({ nombre: o.clinicaNombre, urlPublica: o.urlPublica, direccion: o.direccion }),
    zona: o.zona,
    remitente: o.remitente,
    now: () => ahora,
  });
  const repos = createRepositories(db);
  for (const { id } of proximas) {
    const c = await repos.citas.buscar(id);
    const correo = c && correos.componer(c.estado === 'confirmada' ? 'confirmada' : 'creada', c);
    if (correo) await repos.bandeja.agregar('correo', correo);
  }
}
