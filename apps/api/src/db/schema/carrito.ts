// The signed-in user's cart of procedures; one row per (user, procedure).
import { pgTable, unique } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere } from './columnas.ts';
import { procedimientos } from './catalogo.ts';
import { usuarios } from './usuarios.ts';

export const carritoItems = pgTable(
  'carrito_items',
  {
    id: idPropio(),
    usuario_id: refiere(() => usuarios.id, { onDelete: 'cascade' }),
    procedimiento_id: refiere(() => procedimientos.id),
    creado_en: ahora(),
  },
  (t) => [unique('carrito_items_usuario_procedimiento').on(t.usuario_id, t.procedimiento_id)],
);
