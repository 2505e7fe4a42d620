// The record of every backup (decision 0038): when, which file, its size, whether it was read back and checked,
// and why it failed. The daily one is claimed by inserting its row: `programado_para` is unique, so with several
// instances exactly one makes it; and at most one backup runs at a time (the partial unique index on en_curso).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, instante, instanteFijo, refiereOpcional } from './columnas.ts';
import { usuarios } from './usuarios.ts';

export const respaldos = pgTable(
  'respaldos',
  {
    id: idPropio(),
    /** programado: the daily one; manual: an administrator's button; comando: npm run respaldo. */
    origen: text({ enum: ['programado', 'manual', 'comando'] }).notNull(),
    /** The daily slot this row claims (RESPALDO_HORA in CLINICA_TZ); null for manual and command backups. */
    programado_para: instante(),
    solicitado_por: refiereOpcional(() => usuarios.id),
    estado: text({ enum: ['en_curso', 'verificado', 'fallido'] })
      .notNull()
      .default('en_curso'),
    iniciado_en: instanteFijo(),
    terminado_en: instante(),
    /** Full path of the written file. */
    archivo: text(),
    tamano: bigint({ mode: 'number' }),
    tablas: integer(),
    filas: bigint({ mode: 'number' }),
    archivos: integer(),
    /** Why it failed, in Spanish (never a driver's message: it could carry row values). */
    error: text(),
    /** When retention (RESPALDO_CONSERVAR) removed its file. */
    eliminado_en: instante(),
  },
  (t) => [
    uniqueIndex('respaldos_programado_unico').on(t.programado_para),
    uniqueIndex('respaldos_uno_en_curso')
      .on(t.estado)
      .where(sql`${t.estado} = 'en_curso'`),
    index('respaldos_iniciado_idx').on(t.iniciado_en.desc()),
  ],
);
