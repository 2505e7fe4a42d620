// Each user's cart items kept in process memory, exact because the database invalidates them (docs/decisions/0071,
// the same design as the session cache of decision 0006).
//
// The triggers of migration 0032 send NOTIFY carrito_cambio for every committed change to carrito_items, whoever
// makes it (the cart's service, the booking statement that removes covered items, a user's delete cascading, a test,
// an operator's SQL, another instance), with the id of the user whose cart changed, or '*' (truncate). Each notice
// drops what it names. A write through this process gets its notice before the writing statement returns (PGlite: in
// process; PostgreSQL: every pooled connection listens too, db/avisos.ts), so the next list here already reads the
// database; another instance's write arrives through the dedicated listening connection a few milliseconds after its
// commit. While notices may be missed (not yet listening, connection lost) the cache is off and empty: every
// listar() reads the database. Only listar() is served from memory; writes go straight to the repository.
import { CANAL_CARRITO } from '../../db/canales.ts';
import type { Database } from '../../db/client.ts';
import { createCarritoRepository, type CarritoFila, type CarritoRepository } from './carrito.repository.ts';

/** Enough for every active cart of a clinic; beyond it the oldest entries are read again when needed. */
export const MAX_CARRITOS_EN_CACHE = 10_000;

export type CarritoCache = {
  repo: CarritoRepository;
  /** Whether the database sends notices, so listar() may answer from memory. */
  enCache: boolean;
  /** Whether listar() answers from memory right now (listening, not stopped). */
  readonly activa: boolean;
  /** Stops listening for notices (app close). */
  detener(): Promise<void>;
};

/** A copy the caller may change at will: what is kept is never handed out. */
const copia = (f: Readonly<CarritoFila>): CarritoFila => ({ ...f, creado_en: new Date(f.creado_en.getTime()) });

/** The cart repository, its listar() served from a cache the database keeps exact. */
export async function crearCarritoCache(
  database: Pick<Database, 'db' | 'avisos'>,
  opts: { max?: number; repo?: CarritoRepository } = {},
): Promise<CarritoCache> {
  const repo = opts.repo ?? createCarritoRepository(database.db);
  if (!database.avisos) return { repo, enCache: false, activa: false, detener: async () => {} };

  const max = opts.max ?? MAX_CARRITOS_EN_CACHE;
  const cache = new Map<number, readonly Readonly<CarritoFila>[]>();
  // Bumped by every notice and change of state: a read that was in flight meanwhile does not fill the cache.
  let generacion = 0;
  // On only while listening; off for good once stopped (app closing).
  let activa = false;
  let detenida = false;

  const alAviso = (payload: string) => {
    generacion++;
    const usuarioId = Number(payload);
    // '*' (truncate), or anything not understood: drop everything.
    if (payload !== '' && Number.isSafeInteger(usuarioId)) cache.delete(usuarioId);
    else cache.clear();
  };
  // Either way what was kept may be stale: notices may have been missed, or will be.
  const alEstado = (escuchando: boolean) => {
    generacion++;
    cache.clear();
    activa = escuchando && !detenida;
  };

  const dejar = await database.avisos.escuchar(CANAL_CARRITO, { alAviso, alEstado });

  return {
    enCache: true,
    get activa() {
      return activa;
    },
    repo: {
      ...repo,
      async listar(usuarioId: number): Promise<CarritoFila[]> {
        if (!activa) return repo.listar(usuarioId);
        const guardadas = cache.get(usuarioId);
        if (guardadas) return guardadas.map(copia);
        const antes = generacion;
        const filas = await repo.listar(usuarioId);
        if (activa && antes === generacion) {
          if (cache.size >= max) cache.delete(cache.keys().next().value as number);
          cache.set(usuarioId, Object.freeze(filas.map((f) => Object.freeze(copia(f)))));
        }
        return filas;
      },
    },
    async detener() {
      detenida = true;
      alEstado(false);
      await dejar().catch(() => {}); // the database may already be closed
    },
  };
}
