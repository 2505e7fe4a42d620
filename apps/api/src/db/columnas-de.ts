// Some columns of one table, under their own names: `columnasDe(archivos, 'id', 'nombre')` is
// `{ id: archivos.id, nombre: archivos.nombre }`, for a select that keeps those columns as the table names them.
import { getTableColumns, type Table } from 'drizzle-orm';

export function columnasDe<T extends Table, K extends keyof T['_']['columns'] & string>(
  tabla: T,
  ...nombres: K[]
): Pick<T['_']['columns'], K> {
  const todas = getTableColumns(tabla);
  return Object.fromEntries(nombres.map((n) => [n, todas[n]])) as Pick<T['_']['columns'], K>;
}
