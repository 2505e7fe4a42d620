// LISTEN on both databases (docs/decisions/0013-catalogo-en-memoria.md, 0006-cache-de-sesiones.md,
// 0071-carrito-en-memoria.md).
//
// PostgreSQL: one dedicated connection per listener, outside the pool (a pooled client would be handed to
// queries and its LISTEN lost). A NOTIFY sent inside a transaction is delivered only when it commits. When the
// connection drops (PostgreSQL restart, network, pg_terminate_backend), notices sent meanwhile are lost for
// good: the listener reports `alEstado(false)` at once, reconnects with growing waits (0.1 s up to 5 s),
// LISTENs again and only then reports `alEstado(true)`, so its user can throw away whatever it kept.
//
// Every pooled PostgreSQL connection LISTENs on `sesiones_cambio` and `carrito_cambio` too (`crearAvisosDelPool`):
// PostgreSQL sends a connection the notices of its own committed transaction before the COMMIT (or the single
// statement) completes, so a write through this process reaches `alAviso` before its promise resolves, whatever the
// dedicated connection's delay. Notices from other processes still come a few milliseconds after their commit.
//
// PGlite: in process; the notice arrives when the transaction commits, before the writing statement returns.
import pg from 'pg';
import { CANAL_CARRITO, CANAL_SESIONES } from './canales.ts';

/** Channels every pooled connection listens on as well (see above). */
const CANALES_DEL_POOL = [CANAL_SESIONES, CANAL_CARRITO];
/** How the dedicated listening connections show in pg_stat_activity. */
export const NOMBRE_CONEXION_AVISOS = 'clinica-avisos';

export type AlAviso = {
  alAviso(payload: string): void;
  /** false: notices may be missed from now on; true: listening (again), anything earlier may have been missed. */
  alEstado(escuchando: boolean): void;
};

export type Avisos = {
  /** LISTEN on `canal` until the returned function is called. Never throws: a failed start retries. */
  escuchar(canal: string, oyente: AlAviso): Promise<() => Promise<void>>;
};

type Log = { warn(o: object, m: string): void };

const ESPERA_MIN_MS = 100;
const ESPERA_MAX_MS = 5000;

/** Notices received by the pooled connections, handed to whoever subscribed. */
export type AvisosDelPool = {
  suscribir(fn: (canal: string, payload: string) => void): () => void;
  /**
   * The pool's `onConnect`: a new connection LISTENs on CANALES_DEL_POOL before it serves any query. If that fails
   * the pool drops the connection and the query that asked for it fails: none serves without listening.
   */
  alConectar(cliente: pg.ClientBase): Promise<void>;
};

export function crearAvisosDelPool(): AvisosDelPool {
  const oyentes = new Set<(canal: string, payload: string) => void>();
  return {
    suscribir(fn) {
      oyentes.add(fn);
      return () => void oyentes.delete(fn);
    },
    async alConectar(cliente) {
      cliente.on('notification', (n) => {
        for (const fn of oyentes) fn(n.channel, n.payload ?? '');
      });
      for (const canal of CANALES_DEL_POOL) await cliente.query(`LISTEN ${canal}`);
    },
  };
}

export function crearAvisosPostgres(url: string, log?: Log, delPool?: AvisosDelPool): Avisos {
  return {
    async escuchar(canal, { alAviso, alEstado }) {
      if (!/^[a-z_][a-z0-9_]*$/.test(canal)) throw new Error(`canal no válido: ${canal}`);
      const dejarPool = delPool?.suscribir((c, payload) => {
        if (c === canal) alAviso(payload);
      });
      let detenido = false;
      let cliente: pg.Client | undefined;
      let espera = ESPERA_MIN_MS;
      let temporizador: NodeJS.Timeout | undefined;

      const perdido = (c: pg.Client) => {
        if (c !== cliente) return;
        cliente = undefined;
        alEstado(false);
        c.end().catch(() => {});
        programar();
      };

      async function conectar() {
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: 5000,
          application_name: NOMBRE_CONEXION_AVISOS,
        });
        c.on('error', (err) => {
          log?.warn({ err, canal }, 'conexión de avisos perdida');
          perdido(c);
        });
        c.on('end', () => perdido(c));
        c.on('notification', (n) => {
          if (n.channel === canal) alAviso(n.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${canal}`);
        } catch (err) {
          await c.end().catch(() => {});
          throw err;
        }
        if (detenido) {
          await c.end().catch(() => {});
          return;
        }
        cliente = c;
        espera = ESPERA_MIN_MS;
        alEstado(true);
      }

      function programar() {
        if (detenido || temporizador) return;
        temporizador = setTimeout(() => {
          temporizador = undefined;
          conectar().catch((err: unknown) => {
            log?.warn({ err, canal }, 'no se pudo escuchar avisos; se reintenta');
            espera = Math.min(espera * 2, ESPERA_MAX_MS);
            programar();
          });
        }, espera);
        temporizador.unref();
      }

      alEstado(false);
      await conectar().catch((err: unknown) => {
        log?.warn({ err, canal }, 'no se pudo escuchar avisos; se reintenta');
        programar();
      });

      return async () => {
        detenido = true;
        dejarPool?.();
        clearTimeout(temporizador);
        const c = cliente;
        cliente = undefined;
        await c?.end().catch(() => {});
      };
    },
  };
}
