// How the commands (db:migrate, db:seed) open the configured database: an invalid configuration or a data directory
// in use by a running server ends with the same Spanish message the server prints, exit code 1 and no stack trace.
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDb, type Database } from './client.ts';
import { DataDirLockedError } from './lock.ts';

/** `rechazo`: a reason not to run with this configuration (printed, exit code 1), or null. */
export async function abrirParaComando(
  rechazo: (config: Config) => string | null = () => null,
): Promise<{ config: Config; database: Database }> {
  try {
    const config = loadConfig();
    const motivo = rechazo(config);
    if (motivo) {
      console.error(motivo);
      process.exit(1);
    }
    const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: console });
    return { config, database };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
