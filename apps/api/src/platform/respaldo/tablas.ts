// What the database holds, read from its catalogue (the same on PGlite and PostgreSQL): the tables of the public
// schema in foreign-key order with their stored columns, and how each table's rows are written to and read from a
// backup. Rows travel as PostgreSQL's own JSON (row_to_json) in UTC, and come back through json_populate_recordset,
// so every type goes through PostgreSQL's own text forms and a backup moves between PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export type Tabla = {
  nombre: string;
  /** Stored columns, in table order; generated columns are left out (the target computes them). */
  columnas: string[];
  /** Whether an identity column needs OVERRIDING SYSTEM VALUE on insert. */
  identidad: boolean;
  /** Primary-key columns (the export's order), or every column when there is none. */
  orden: string[];
};

export const id = (nombre: string) => `"${nombre.replace(/"/g, '""')}"`;

type Fila = Record<string, unknown>;
const filas = async (ex: Executor, consulta: ReturnType<typeof sql>): Promise<Fila[]> =>
  ((await ex.execute(consulta)) as unknown as { rows: Fila[] }).rows;

/** Output settings fixed for a transaction, so the same data always gives the same text. */
export async function fijarFormato(ex: Executor): Promise<void> {
  await ex.execute(sql.raw("set local timezone = 'UTC'"));
  await ex.execute(sql.raw("set local datestyle = 'ISO, YMD'"));
  await ex.execute(sql.raw("set local intervalstyle = 'postgres'"));
  await ex.execute(sql.raw('set local extra_float_digits = 1'));
  await ex.execute(sql.raw("set local bytea_output = 'hex'"));
}

/** Every table of the public schema, parents before children (a cycle of foreign keys is refused). */
export async function tablasPublicas(ex: Executor): Promise<Tabla[]> {
  const columnas = await filas(
    ex,
    sql.raw(`select c.relname as tabla, a.attname as columna, a.attidentity as identidad
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum`),
  );
  const claves = await filas(
    ex,
    sql.raw(`select c.relname as tabla, a.attname as columna
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`),
  );
  const foraneas = await filas(
    ex,
    sql.raw(`select h.relname as hija, m.relname as madre
      from pg_constraint k
      join pg_class h on h.oid = k.conrelid
      join pg_class m on m.oid = k.confrelid
      join pg_namespace n on n.oid = h.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const porNombre = new Map<string, Tabla>();
  for (const f of columnas) {
    const nombre = String(f.tabla);
    let t = porNombre.get(nombre);
    if (!t) porNombre.set(nombre, (t = { nombre, columnas: [], identidad: false, orden: [] }));
    t.columnas.push(String(f.columna));
    if (f.identidad === 'a' || f.identidad === 'd') t.identidad = true;
  }
  for (const f of claves) porNombre.get(String(f.tabla))?.orden.push(String(f.columna));
  for (const t of porNombre.values()) if (t.orden.length === 0) t.orden = [...t.columnas];

  // Depth-first topological order; self-references are ignored (rows come back in key order).
  const madres = new Map<string, Set<string>>();
  for (const f of foraneas) {
    const hija = String(f.hija);
    const madre = String(f.madre);
    if (hija !== madre) (madres.get(hija) ?? madres.set(hija, new Set()).get(hija)!).add(madre);
  }
  const orden: Tabla[] = [];
  const estado = new Map<string, 'visitando' | 'hecha'>();
  const visitar = (nombre: string) => {
    const e = estado.get(nombre);
    if (e === 'hecha') return;
    if (e === 'visitando') throw new Error(`Ciclo de claves foráneas en la tabla ${nombre}`);
    estado.set(nombre, 'visitando');
    for (const m of [...(madres.get(nombre) ?? [])].sort()) if (porNombre.has(m)) visitar(m);
    estado.set(nombre, 'hecha');
    orden.push(porNombre.get(nombre)!);
  };
  for (const nombre of [...porNombre.keys()].sort()) visitar(nombre);
  return orden;
}

/** The level of the migrations table: its newest `created_at` (drizzle's own rule) and how many it holds. */
export async function nivelDeMigracion(ex: Executor): Promise<{ nivel: number; cantidad: number } | null> {
  const [t] = await filas(ex, sql.raw("select to_regclass('drizzle.__drizzle_migrations') is not null as existe"));
  if (!t?.existe) return null;
  const [f] = await filas(
    ex,
    sql.raw(
      'select coalesce(max(created_at), 0)::text as nivel, count(*)::int as cantidad from drizzle.__drizzle_migrations',
    ),
  );
  return { nivel: Number(f?.nivel ?? 0), cantidad: Number(f?.cantidad ?? 0) };
}

/**
 * A table's rows as JSON lines, a batch at a time, through a cursor of the caller's transaction (memory stays
 * bounded whatever the table's size).
 */
export async function* filasDe(ex: Executor, t: Tabla, lote = 1000): AsyncGenerator<string[]> {
  const cursor = `respaldo_${t.nombre.replace(/\W/g, '_')}`;
  const cols = t.columnas.map(id).join(', ');
  await ex.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from (select ${cols} from public.${id(t.nombre)} order by ${t.orden.map(id).join(', ')}) t`,
    ),
  );
  try {
    for (;;) {
      const r = await filas(ex, sql.raw(`fetch forward ${lote} from ${cursor}`));
      if (r.length === 0) break;
      yield r.map((f) => String(f.j));
    }
  } finally {
    await ex.execute(sql.raw(`close ${cursor}`));
  }
}

/**
 * A digest of a table's rows that does not depend on their order: the sum, modulo 2^256, of each row's SHA-256.
 * The restore compares it for every table, so a row lost, added or changed on the way is found whatever order each
 * database returns them in (collations differ between PGlite and a PostgreSQL server).
 */
export class Huella {
  private suma = 0n;
  private static readonly MOD = 1n << 256n;
  agregar(linea: string): void {
    this.suma = (this.suma + BigInt(`0x${createHash('sha256').update(linea).digest('hex')}`)) % Huella.MOD;
  }
  hex(): string {
    return this.suma.toString(16).padStart(64, '0');
  }
}

/** Inserts JSON lines into a table (the caller's transaction; user triggers disabled by the caller). */
export async function insertarFilas(ex: Executor, t: Tabla, lineas: string[]): Promise<void> {
  if (lineas.length === 0) return;
  const cols = t.columnas.map(id).join(', ');
  await ex.execute(
    sql`${sql.raw(`insert into public.${id(t.nombre)} (${cols})${t.identidad ? ' overriding system value' : ''} select ${cols} from json_populate_recordset(null::public.${id(t.nombre)}, `)}${`[${lineas.join(',')}]`}${sql.raw('::json)')}`,
  );
}

/** Sequences of the public schema and their current values (null: never used). */
export async function secuencias(ex: Executor): Promise<{ nombre: string; valor: string | null }[]> {
  const r = await filas(
    ex,
    sql.raw(
      "select sequencename as nombre, last_value::text as valor from pg_sequences where schemaname = 'public' order by sequencename",
    ),
  );
  return r.map((f) => ({ nombre: String(f.nombre), valor: f.valor == null ? null : String(f.valor) }));
}

export async function fijarSecuencia(ex: Executor, nombre: string, valor: string): Promise<void> {
  await ex.execute(sql`select setval(${`public.${id(nombre)}`}::regclass, ${valor}::bigint, true)`);
}
