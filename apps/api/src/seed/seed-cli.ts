// npm run db:seed: loads the demo data (idempotent). Refused in production.
// An invalid configuration or a data directory in use by a running server ends with the same Spanish
// message the server prints, exit code 1 and no stack trace (db/abrir-para-comando.ts).
import { abrirParaComando } from '../db/abrir-para-comando.ts';
import { seedDemo } from './index.ts';

const { config, database } = await abrirParaComando((c) =>
  c.env === 'production' ? 'Los datos de demostración no se cargan en producción.' : null,
);
try {
  await database.migrate();
  await seedDemo(database, config);
  console.log(`Datos de demostración cargados (${database.kind}).`);
} finally {
  await database.close();
}
