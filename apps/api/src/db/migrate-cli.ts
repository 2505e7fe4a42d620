// npm run db:migrate: applies pending migrations to the configured database.
// An invalid configuration or a data directory in use by a running server ends with the same Spanish
// message the server prints, exit code 1 and no stack trace (abrir-para-comando.ts).
import { abrirParaComando } from './abrir-para-comando.ts';

const { database } = await abrirParaComando();
try {
  await database.migrate();
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
}
