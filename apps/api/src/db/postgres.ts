// PostgreSQL through a pg pool (DATABASE_URL). Its own module, loaded by db/client.ts only when DATABASE_URL is
// set: a PGlite install never loads the pg driver.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { crearAvisosDelPool, crearAvisosPostgres } from './avisos.ts';
import { migracionesAlDia, repararMigracionesEditadas } from './migraciones.ts';
import type { Database, OpenDbOptions } from './client.ts';
import * as schema from './schema/index.ts';

export async function openPostgres(url: string, log?: OpenDbOptions['log']): Promise<Database> {
  // Each pooled connection LISTENs too: this process's own writes get their notices before they resolve.
  const delPool = crearAvisosDelPool();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // pg-pool waits for this promise before handing the connection out (@types/pg types the hook as void).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: (cliente) => delPool.alConectar(cliente),
  });
  // A PostgreSQL restart kills idle clients; without this handler the process would crash.
  pool.on('error', (err) => log?.error({ err }, 'conexión de PostgreSQL perdida'));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    avisos: crearAvisosPostgres(url, log, delPool),
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      const consultar = async (sql: string) => (await pool.query<Record<string, unknown>>(sql)).rows;
      if (await migracionesAlDia(consultar)) return;
      await repararMigracionesEditadas(consultar, (sql) => pool.query(sql));
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await pool.end();
    },
  };
}
