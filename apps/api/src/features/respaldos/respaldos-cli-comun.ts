// What `npm run respaldo` does once the database is open (its own module so that step (b) can record it).
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { aplicarRetencion, respaldarYVerificar, type RespaldoHecho } from '../../platform/respaldo/respaldar.ts';

export async function respaldarDesdeCli(config: Config, database: Database): Promise<RespaldoHecho> {
  const hecho = await respaldarYVerificar(config, database, new Date());
  await aplicarRetencion(config.respaldoDir, config.respaldoConservar);
  return hecho;
}
