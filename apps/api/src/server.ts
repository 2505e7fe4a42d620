// Entry point: config -> database -> migrations -> app -> listen, with graceful shutdown.
import pino from 'pino';
import { crearSalidaDeLogs, type SalidaDeLogs } from './lib/salida-logs.ts';
import { buildApp } from './app.ts';
import { REDACT } from './lib/registro.ts';
import { configDeComando } from './db/abrir-para-comando.ts';
import { prepareDatabase } from './bootstrap.ts';
import { DataDirLockedError } from './db/lock.ts';

/** From the first signal to a forced exit: in-flight requests, then the database. */
const PLAZO_CIERRE_MS = 10_000;

let salida: SalidaDeLogs | null = null;

/**
 * Exits after giving the log reader a bounded moment (lib/salida-logs.ts): nothing here writes synchronously, so
 * no reader, stalled or gone, can hold the exit up. `esperarLogs` false: leave at once (forced exit).
 */
async function salir(codigo: number, esperarLogs = true): Promise<never> {
  if (salida?.descartadas)
    console.error(`${salida.descartadas} líneas de registro descartadas: la salida de registros no se leía o se cerró`);
  await salida?.cerrar(esperarLogs ? undefined : 0);
  process.exit(codigo);
}

async function main() {
  const config = configDeComando();
  if (!config) process.exit(1);
  // Logs never block the event loop: asynchronous stdout with a bounded buffer (lib/salida-logs.ts).
  salida = config.env === 'development' && process.stdout.isTTY ? null : crearSalidaDeLogs();
  const loggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[oculto]' },
    ...(salida
      ? { stream: salida.stream }
      : { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }),
  };
  const log = pino(loggerOptions);

  let database;
  try {
    database = await prepareDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.error(err.message);
      return salir(1);
    }
    throw err;
  }

  const app = await buildApp({ config, database, logger: loggerOptions });

  let closing = false;
  const shutdown = async (signal: string) => {
    // A second signal while closing: leave now.
    if (closing) return salir(1, false);
    closing = true;
    app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso');
    // The deadline: a timer, which always runs because no log write can block the main thread.
    const force = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      void salir(1, false);
    }, PLAZO_CIERRE_MS);
    force.unref();
    try {
      await app.close();
      // Handlers of clients that already hung up may still be running: let them finish first.
      await app.esperarSolicitudesEnCurso(5_000);
      await database.close();
      app.log.info('cerrado: solicitudes terminadas y base de datos cerrada');
      await salir(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      await salir(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by npm start (scripts/start.mjs gives the server an IPC channel): if that process dies,
  // even by SIGKILL, the channel closes and the server stops too instead of running on, orphaned, with the lock.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void shutdown('desconexión del proceso que lo inició'));
  }

  await app.listen({ port: config.port, host: config.host });
  // The start-up time is logged: a restart's cost is something an operator should see (issue 12, item 5).
  app.log.info(
    { arranqueMs: Math.round(process.uptime() * 1000) },
    `${config.clinicaNombre} lista en http://localhost:${(app.server.address() as { port: number }).port} (${database.kind}, ${process.uptime().toFixed(1)} s)`,
  );
}

main().catch((err) => {
  console.error(err);
  void salir(1);
});
