// In-app notifications (DOMAIN.md "notificaciones"; SPEC 3, 4, 7). Written in the transaction of the change that
// causes them; pushed to the live connection after commit (outbox).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { citas } from './citas.ts';
import { usuarios } from './usuarios.ts';

export const notificaciones = pgTable(
  'notificaciones',
  {
    id: idPropio(),
    usuario_id: refiere(() => usuarios.id),
    tipo: textoFijo(),
    mensaje: textoFijo(),
    leida: boolean().notNull().default(false),
    /** Archived ones leave the feed but stay in the history; only read ones are archived. */
    archivada: boolean().notNull().default(false),
    cita_id: refiereOpcional(() => citas.id),
    /** Web path to open (the appointment's details). */
    ruta: text(),
    creada_en: ahora(),
  },
  (t) => [
    index('notificaciones_usuario_idx').on(t.usuario_id, t.creada_en.desc()),
    index('notificaciones_no_leidas_idx')
      .on(t.usuario_id)
      .where(sql`not ${t.leida}`),
  ],
);
