// The signed-in user's cart of procedures; one row per (user, procedure).
import { integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { procedimientos } from './catalogo.ts';
import { usuarios } from './usuarios.ts';

export const carritoItems = pgTable(
  'carrito_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuario_id: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    procedimiento_id: integer()
      .notNull()
      .references(() => procedimientos.id),
    creado_en: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('carrito_items_usuario_procedimiento').on(t.usuario_id, t.procedimiento_id)],
);
