// PostgreSQL through a pg pool (DATABASE_URL). Its own module, loaded by db/client.ts only when DATABASE_URL is
// set: a PGlite install never loads the pg driver.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { crearAvisosDelPool, crearAvisosPostgres } from './avisos.ts';
import { migracionesAlDia, repararMigracionesEditadas } from './migraciones.ts';
import type { Database, Db, OpenDbOptions } from './tipos.ts';
import * as schema from './schema/index.ts';

/** How long readiness waits for PostgreSQL before answering that it is not there (QUALITY: 503 within 1 s). */
export const PING_MS = 800;

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
  // A restart or pg_terminate_backend ends every connection with an 'error' event. pg-pool listens only while a
  // connection is idle; one lent out for a transaction had no listener, and the event crashed the process
  // (issue 28, item 3). Every connection keeps this listener for its whole life: the statement running on it, if
  // any, fails on its own (503), and pg-pool discards the connection when it comes back.
  const conexionPerdida = (err: Error) => log?.warn({ err }, 'conexión de PostgreSQL perdida');
  pool.on('connect', (cliente) => cliente.on('error', conexionPerdida));
  // Idle connections report through the pool.
  pool.on('error', conexionPerdida);
  const opciones = { schema, casing: 'snake_case' } as const;
  const db = drizzlePg(pool, opciones);
  Object.assign(db, { transaction: transaccionSobre(pool, (cliente) => drizzlePg(cliente, opciones)) });
  return {
    db,
    kind: 'postgres',
    avisos: crearAvisosPostgres(url, log, delPool),
    async ping() {
      // A pool waiting for a connection (PostgreSQL restarting) must not hold readiness for connectionTimeoutMillis.
      let plazo: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pool.query('select 1'),
          new Promise((_, rechazar) => {
            plazo = setTimeout(() => rechazar(new Error('PostgreSQL no respondió a tiempo')), PING_MS);
          }),
        ]);
      } finally {
        clearTimeout(plazo);
      }
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

/**
 * `db.transaction` on one borrowed connection, returned on every path. drizzle's own version (node-postgres
 * session) sends BEGIN before its try/finally, so a BEGIN that fails (the connection died while idle in the pool)
 * never gave the connection back: a few of those and the pool was empty for good. Here the connection is borrowed,
 * used through a drizzle instance bound to it (one per connection, built once), and released whatever happens;
 * a connection that broke meanwhile is released with its error, so pg-pool destroys it instead of lending it again.
 */
function transaccionSobre(pool: pg.Pool, sobre: (cliente: pg.PoolClient) => Db): Db['transaction'] {
  const porConexion = new WeakMap<pg.PoolClient, Db>();
  return async (fn, config) => {
    const cliente = await pool.connect();
    let rota: Error | undefined;
    const alRomperse = (err: Error) => {
      rota = err;
    };
    cliente.on('error', alRomperse);
    try {
      let dbConexion = porConexion.get(cliente);
      if (!dbConexion) porConexion.set(cliente, (dbConexion = sobre(cliente)));
      return await dbConexion.transaction(fn, config);
    } finally {
      cliente.off('error', alRomperse);
      cliente.release(rota);
    }
  };
}
