// In-app notifications (DOMAIN.md "notificaciones"; SPEC 3, 4, 7). Written in the transaction of the change that
// causes them; pushed to the live connection after commit (outbox).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { citas } from './citas.ts';
import { usuarios } from './usuarios.ts';

export const notificaciones = pgTable(
  'notificaciones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuario_id: integer()
      .notNull()
      .references(() => usuarios.id),
    tipo: text().notNull(),
    mensaje: text().notNull(),
    leida: boolean().notNull().default(false),
    /** Archived ones leave the feed but stay in the history; only read ones are archived. */
    archivada: boolean().notNull().default(false),
    cita_id: integer().references(() => citas.id),
    /** Web path to open (the appointment's details). */
    ruta: text(),
    creada_en: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notificaciones_usuario_idx').on(t.usuario_id, t.creada_en.desc()),
    index('notificaciones_no_leidas_idx')
      .on(t.usuario_id)
      .where(sql`not ${t.leida}`),
  ],
);
