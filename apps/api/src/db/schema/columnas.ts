// Column builders every table repeats: the identity key, required text and integers, the instants, the references
// to a parent row. A name ending in Fijo is a required (not null) column. Each one returns a fresh builder (drizzle
// builders are mutable, never share one between two columns).
import { integer, text, timestamp, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** The identity primary key (`generated always as identity`). */
export const idPropio = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** Required text. */
export const textoFijo = () => text().notNull();

/** A required integer. */
export const enteroFijo = () => integer().notNull();

/** An instant (timestamp with time zone), nullable. */
export const instante = () => timestamp({ withTimezone: true });

/** A required instant. */
export const instanteFijo = () => instante().notNull();

/** A required instant that defaults to the moment the row is written. */
export const ahora = () => instanteFijo().defaultNow();

/** A required reference to another row (its id). */
export const refiere = (columna: () => AnyPgColumn, acciones?: ReferenceConfig['actions']) =>
  enteroFijo().references(columna, acciones);

/** An optional reference to another row (its id). */
export const refiereOpcional = (columna: () => AnyPgColumn) => integer().references(columna);
