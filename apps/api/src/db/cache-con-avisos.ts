// A read cache kept exact by the database's notices (docs/decisions/0006, 0071): what the session and cart caches
// share. Triggers send NOTIFY on a channel for every committed change, whoever makes it; each notice drops what it
// names (`quitar`). A write through this process gets its notice before the writing statement returns (PGlite: in
// process; PostgreSQL: every pooled connection listens too, db/avisos.ts); another instance's arrives through the
// dedicated listening connection a few milliseconds after its commit. While notices may be missed (not yet listening,
// connection lost, stopped) the cache is off and empty: every read goes to the database.
import type { Avisos } from './avisos.ts';

export type CacheConAvisos<K, V> = {
  /** Whether reads are answered from memory right now (listening, not stopped). */
  readonly activa: boolean;
  /** The kept value of `clave`, else `cargar()`'s, kept unless a notice or a change of state came meanwhile. */
  leer(clave: K, cargar: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Stops listening (app close); off for good. */
  detener(): Promise<void>;
};

/** A repository with one read served from such a cache (the session and cart caches). */
export type RepositorioEnCache<R> = {
  repo: R;
  /** Whether the database sends notices, so the cached read may answer from memory. */
  enCache: boolean;
  /** Whether the cached read answers from memory right now (listening, not stopped). */
  readonly activa: boolean;
  /** Stops listening for notices (app close). */
  detener(): Promise<void>;
};

export async function crearCacheConAvisos<K, V>(
  avisos: Avisos,
  opts: {
    canal: string;
    /** Entries kept at most; the oldest goes first (it is read again when needed). */
    max: number;
    /** What a notice drops from `cache` (its payload names a key, a group, or everything). */
    quitar(payload: string, cache: Map<K, V>): void;
  },
): Promise<CacheConAvisos<K, V>> {
  const cache = new Map<K, V>();
  // Bumped by every notice and change of state: a read that was in flight meanwhile does not fill the cache.
  let generacion = 0;
  // On only while listening; off for good once stopped (app closing).
  let activa = false;
  let detenida = false;

  const alAviso = (payload: string) => {
    generacion++;
    opts.quitar(payload, cache);
  };
  // Either way what was kept may be stale: notices may have been missed, or will be.
  const alEstado = (escuchando: boolean) => {
    generacion++;
    cache.clear();
    activa = escuchando && !detenida;
  };

  const dejar = await avisos.escuchar(opts.canal, { alAviso, alEstado });

  return {
    get activa() {
      return activa;
    },
    async leer(clave, cargar) {
      if (!activa) return cargar();
      const guardado = cache.get(clave);
      if (guardado !== undefined) return guardado;
      const antes = generacion;
      const valor = await cargar();
      if (valor !== undefined && activa && antes === generacion) {
        if (cache.size >= opts.max) cache.delete(cache.keys().next().value as K);
        cache.set(clave, valor);
      }
      return valor;
    },
    async detener() {
      detenida = true;
      alEstado(false);
      await dejar().catch(() => {}); // the database may already be closed
    },
  };
}
