// LISTEN on both databases (docs/decisions/0013-catalogo-en-memoria.md).
//
// PostgreSQL: one dedicated connection per listener, outside the pool (a pooled client would be handed to
// queries and its LISTEN lost). A NOTIFY sent inside a transaction is delivered only when it commits. When the
// connection drops (PostgreSQL restart, network, pg_terminate_backend), notices sent meanwhile are lost for
// good: the listener reports `alEstado(false)` at once, reconnects with growing waits (0.1 s up to 5 s),
// LISTENs again and only then reports `alEstado(true)`, so its user can throw away whatever it kept.
//
// PGlite: in process; the notice arrives when the transaction commits, before the writing statement returns.
import pg from 'pg';

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

export function crearAvisosPostgres(url: string, log?: Log): Avisos {
  return {
    async escuchar(canal, { alAviso, alEstado }) {
      if (!/^[a-z_][a-z0-9_]*$/.test(canal)) throw new Error(`canal no válido: ${canal}`);
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
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
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
        clearTimeout(temporizador);
        const c = cliente;
        cliente = undefined;
        await c?.end().catch(() => {});
      };
    },
  };
}
