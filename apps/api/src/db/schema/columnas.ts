// Column builders every table repeats: the identity key, the instants, the references to a parent row. Each one
// returns a fresh builder (drizzle builders are mutable, never share one between two columns).
import { integer, timestamp, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** The identity primary key (`generated always as identity`). */
export const idPropio = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** An instant (timestamp with time zone), nullable. */
export const instante = () => timestamp({ withTimezone: true });

/** A required instant. */
export const instanteFijo = () => instante().notNull();

/** A required instant that defaults to the moment the row is written. */
export const ahora = () => instanteFijo().defaultNow();

/** A required reference to another row (its id). */
export const refiere = (columna: () => AnyPgColumn, acciones?: ReferenceConfig['actions']) =>
  integer().notNull().references(columna, acciones);

/** An optional reference to another row (its id). */
export const refiereOpcional = (columna: () => AnyPgColumn) => integer().references(columna);
