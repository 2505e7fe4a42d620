// Each user's cart items kept in process memory, exact because the database invalidates them (docs/decisions/0071,
// the same design as the session cache of decision 0006; the mechanism is db/cache-con-avisos.ts).
//
// The triggers of migration 0032 send NOTIFY carrito_cambio for every committed change to carrito_items, whoever
// makes it (the cart's service, the booking statement that removes covered items, a user's delete cascading, a test,
// an operator's SQL, another instance), with the id of the user whose cart changed, or '*' (truncate). Only listar()
// is served from memory; writes go straight to the repository.
import { crearCacheConAvisos, type RepositorioEnCache } from '../../db/cache-con-avisos.ts';
import { CANAL_CARRITO } from '../../db/canales.ts';
import type { Database } from '../../db/client.ts';
import { createCarritoRepository, type CarritoFila, type CarritoRepository } from './carrito.repository.ts';

/** Enough for every active cart of a clinic; beyond it the oldest entries are read again when needed. */
export const MAX_CARRITOS_EN_CACHE = 10_000;

export type CarritoCache = RepositorioEnCache<CarritoRepository>;

/** A copy the caller may change at will: what is kept is never handed out. */
const copia = (f: Readonly<CarritoFila>): CarritoFila => ({ ...f, creado_en: new Date(f.creado_en.getTime()) });

/** The cart repository, its listar() served from a cache the database keeps exact. */
export async function crearCarritoCache(
  database: Pick<Database, 'db' | 'avisos'>,
  opts: { max?: number; repo?: CarritoRepository } = {},
): Promise<CarritoCache> {
  const repo = opts.repo ?? createCarritoRepository(database.db);
  if (!database.avisos) return { repo, enCache: false, activa: false, detener: async () => {} };

  const cache = await crearCacheConAvisos<number, readonly Readonly<CarritoFila>[]>(database.avisos, {
    canal: CANAL_CARRITO,
    max: opts.max ?? MAX_CARRITOS_EN_CACHE,
    quitar(payload, carritos) {
      const usuarioId = Number(payload);
      // '*' (truncate), or anything not understood: drop everything.
      if (payload !== '' && Number.isSafeInteger(usuarioId)) carritos.delete(usuarioId);
      else carritos.clear();
    },
  });

  return {
    enCache: true,
    get activa() {
      return cache.activa;
    },
    repo: {
      ...repo,
      async listar(usuarioId: number): Promise<CarritoFila[]> {
        if (!cache.activa) return repo.listar(usuarioId);
        const guardadas = await cache.leer(usuarioId, async () =>
          Object.freeze((await repo.listar(usuarioId)).map((f) => Object.freeze(copia(f)))),
        );
        return (guardadas ?? []).map(copia);
      },
    },
    detener: () => cache.detener(),
  };
}
