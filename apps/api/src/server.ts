// Entry point: config -> database -> migrations -> app -> listen, with graceful shutdown.
import pino from 'pino';
import { crearSalidaDeLogs } from './lib/salida-logs.ts';
import { buildApp, REDACT } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { DataDirLockedError } from './db/lock.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Logs never block the event loop: asynchronous stdout with a bounded buffer (lib/salida-logs.ts).
  const salida = config.env === 'development' && process.stdout.isTTY ? null : crearSalidaDeLogs();
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
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ config, database, logger: loggerOptions });

  /** Exits without ever waiting on the log reader (lib/salida-logs.ts). */
  const salir = (codigo: number) => {
    if (salida?.descartadas)
      console.error(`${salida.descartadas} líneas de registro descartadas: la salida no se leía`);
    salida?.cerrar();
    process.exit(codigo);
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    // A second signal while closing: leave now.
    if (closing) return salir(1);
    closing = true;
    app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso');
    const force = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      salir(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      // Handlers of clients that already hung up may still be running: let them finish first.
      await app.esperarSolicitudesEnCurso(5_000);
      await database.close();
      salir(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      salir(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The start-up time is logged: a restart's cost is something an operator should see (issue 12, item 5).
  app.log.info(
    { arranqueMs: Math.round(process.uptime() * 1000) },
    `${config.clinicaNombre} lista en http://localhost:${(app.server.address() as { port: number }).port} (${database.kind}, ${process.uptime().toFixed(1)} s)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
