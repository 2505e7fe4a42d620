// How the commands (db:migrate, db:seed, respaldo, restaurar, crear-admin) and the server read the configuration and
// open the configured database: an invalid configuration or a data directory in use by a running server ends with a
// Spanish message, exit code 1 and no stack trace.
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDb, type Database } from './client.ts';
import { DataDirLockedError } from './lock.ts';

/** The configuration, or null after printing why it is not valid (the caller then ends with exit code 1). */
export function configDeComando(): Config | null {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return null;
    }
    throw err;
  }
}

/**
 * Opens the configured database, or returns null after printing `enUso(err)` when a running server holds the
 * embedded data directory (the caller then ends with exit code 1).
 */
export async function abrirBaseDeComando(
  config: Config,
  enUso: (err: DataDirLockedError) => string = (err) => err.message,
): Promise<Database | null> {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: console });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(enUso(err));
      return null;
    }
    throw err;
  }
}

/** `rechazo`: a reason not to run with this configuration (printed, exit code 1), or null. */
export async function abrirParaComando(
  rechazo: (config: Config) => string | null = () => null,
): Promise<{ config: Config; database: Database }> {
  const config = configDeComando();
  if (!config) process.exit(1);
  const motivo = rechazo(config);
  if (motivo) {
    console.error(motivo);
    process.exit(1);
  }
  const database = await abrirBaseDeComando(config);
  if (!database) process.exit(1);
  return { config, database };
}

/**
 * Runs a command's `main` and exits with its code; an unexpected error prints `prefijo` and what `detalle` tells of
 * it (by default only its name: a driver's message can carry row values), exit code 1.
 */
export function ejecutarComando(
  main: () => Promise<number>,
  prefijo: string,
  detalle: (err: Error) => string = (err) => err.name,
): void {
  main().then(
    (codigo) => process.exit(codigo),
    (err: unknown) => {
      console.error(prefijo, err instanceof Error ? detalle(err) : err);
      process.exit(1);
    },
  );
}
