// npm run db:seed: loads the demo data (idempotent). Refused in production.
import { loadConfig } from '../../config.ts';
import { openDb } from '../client.ts';
import { seedDemo } from './index.ts';

const config = loadConfig();
if (config.env === 'production') {
  console.error('Los datos de demostración no se cargan en producción.');
  process.exit(1);
}
const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: console });
try {
  await database.migrate();
  await seedDemo(database, { dataDir: config.dataDir });
  console.log(`Datos de demostración cargados (${database.kind}).`);
} finally {
  await database.close();
}
