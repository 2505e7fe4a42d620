// npm run db:migrate: applies pending migrations to the configured database.
import { loadConfig } from '../config.ts';
import { openDb } from './client.ts';

const config = loadConfig();
const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: console });
try {
  await database.migrate();
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
}
