// Shared start-up steps: open, migrate, and seed an empty database with demo data when allowed.
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDb, type Database } from './db/client.ts';
import { EspacioInsuficienteError } from './db/pglite-reabrible.ts';
import { usuarios } from './db/schema/index.ts';

export async function prepareDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<Database> {
  let database: Database;
  try {
    database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  } catch (err) {
    // The operator reads why in the log, in Spanish, with the free space needed (issue 28, item 4).
    if (err instanceof EspacioInsuficienteError) log.error(err.message);
    throw err;
  }
  try {
    await database.migrate();
    if (config.semillaDemo) {
      const [fila] = await database.db.select({ n: count() }).from(usuarios);
      if (!fila || fila.n === 0) {
        log.info('base de datos vacía: cargando datos de demostración');
        // Loaded only for an empty database: the seed's images, PDFs and hashes cost every other start nothing.
        const { seedDemo } = await import('./seed/index.ts');
        await seedDemo(database, config, log);
      }
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
