// npm run db:migrate: applies pending migrations to the configured database.
// An invalid configuration or a data directory in use by a running server ends with the same Spanish
// message the server prints, exit code 1 and no stack trace.
import { ConfigError, loadConfig } from '../config.ts';
import { openDb, type Database } from './client.ts';
import { DataDirLockedError } from './lock.ts';

let database: Database;
try {
  const config = loadConfig();
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
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
}
