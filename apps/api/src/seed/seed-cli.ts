// npm run db:seed: loads the demo data (idempotent). Refused in production.
// An invalid configuration or a data directory in use by a running server ends with the same Spanish
// message the server prints, exit code 1 and no stack trace.
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDb, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { seedDemo } from './index.ts';

let config: Config;
let database: Database;
try {
  config = loadConfig();
  if (config.env === 'production') {
    console.error('Los datos de demostración no se cargan en producción.');
    process.exit(1);
  }
  database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: console });
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
try {
  await database.migrate();
  await seedDemo(database, config);
  console.log(`Datos de demostración cargados (${database.kind}).`);
} finally {
  await database.close();
}
