// What every seed step that goes through a feature is given: the composition root (services.ts), built once for
// the whole seed, on a clock the seed moves so that what it writes carries believable dates (a note signed a few
// minutes after its visit, a consent a quarter of an hour before it). Steps that only write demo rows take the
// database alone.
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';

export type Semilla = {
  db: Db;
  config: Config;
  services: Services;
  /** The root's clock: `fijar(fecha)` dates what follows; `fijar(null)` returns to real time. */
  fijar(fecha: Date | null): void;
  cerrar(): Promise<void>;
};

type Log = { warn(o: object, m: string): void; error(o: object, m: string): void };

/** Builds the seed's root, runs `fn` with it and closes it (its caches' listeners, the mail transport). */
export async function conSemilla<T>(
  database: Database,
  config: Config,
  fn: (s: Semilla) => Promise<T>,
  log?: Log,
): Promise<T> {
  const semilla = await crearSemilla(database, config, log);
  try {
    return await fn(semilla);
  } finally {
    await semilla.cerrar();
  }
}

const consola: Log = {
  warn: (o, m) => console.warn(m, o),
  error: (o, m) => console.error(m, o),
};

export async function crearSemilla(database: Database, config: Config, log: Log = consola): Promise<Semilla> {
  let fija: Date | null = null;
  const services = await createServices({
    config,
    database,
    log,
    now: () => fija ?? new Date(),
    // Nothing runs in the background: effects the seed's transactions queue are delivered when they commit, or
    // wait in the outbox for the server's dispatcher.
    intervaloBandejaMs: 0,
    intervaloRespaldosMs: 0,
  });
  return {
    db: database.db,
    config,
    services,
    fijar: (fecha) => void (fija = fecha),
    cerrar: () => services.cerrar(),
  };
}
