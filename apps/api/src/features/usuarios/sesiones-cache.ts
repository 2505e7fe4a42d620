// Sessions kept in process memory, exact because the database invalidates them (docs/decisions/0006).
//
// The triggers of migrations 0003 and 0016 send NOTIFY sesiones_cambio for every committed change to a session or
// to a user's rol/estado, whoever makes it (a service, a test, an operator's SQL, another instance), with
// 's:<sid>', 'u:<usuario id>' or '*'. Each notice drops what it names. A write through this process gets its
// notice before the writing statement returns (PGlite: in process; PostgreSQL: every pooled connection listens
// too, db/avisos.ts), so the next request here already reads the database; another instance's write arrives
// through the dedicated listening connection a few milliseconds after its commit. While notices may be missed
// (not yet listening, connection lost) the cache is off and empty: every find() reads the database.
// Idle and absolute expiry are not cached decisions: the caller checks them against the clock every time.
import { CANAL_SESIONES } from '../../db/canales.ts';
import type { Database } from '../../db/client.ts';
import { createSesionesRepository, type SesionActiva, type SesionesRepository } from './sesiones.repository.ts';

/** Enough for every live session of a clinic; beyond it the oldest entries are read again when needed. */
export const MAX_SESIONES_EN_CACHE = 10_000;

export type Sesiones = {
  repo: SesionesRepository;
  /** Whether the database sends notices, so find() may answer from memory. */
  enCache: boolean;
  /** Whether find() answers from memory right now (listening, not stopped). */
  readonly activa: boolean;
  /** Stops listening for notices (app close). */
  detener(): Promise<void>;
};

/** The sessions repository, its find() served from a cache the database keeps exact. */
export async function crearSesiones(
  database: Pick<Database, 'db' | 'avisos'>,
  opts: { max?: number; repo?: SesionesRepository } = {},
): Promise<Sesiones> {
  const repo = opts.repo ?? createSesionesRepository(database.db);
  if (!database.avisos) return { repo, enCache: false, activa: false, detener: async () => {} };

  const max = opts.max ?? MAX_SESIONES_EN_CACHE;
  const cache = new Map<string, Readonly<SesionActiva>>();
  // Bumped by every notice and change of state: a read that was in flight meanwhile does not fill the cache.
  let generacion = 0;
  // On only while listening; off for good once stopped (app closing).
  let activa = false;
  let detenida = false;

  const alAviso = (payload: string) => {
    generacion++;
    if (payload.startsWith('s:')) {
      cache.delete(payload.slice(2));
    } else if (payload.startsWith('u:')) {
      const usuarioId = Number(payload.slice(2));
      for (const [sid, s] of cache) if (s.usuarioId === usuarioId) cache.delete(sid);
    } else {
      cache.clear();
    }
  };
  // Either way what was kept may be stale: notices may have been missed, or will be.
  const alEstado = (escuchando: boolean) => {
    generacion++;
    cache.clear();
    activa = escuchando && !detenida;
  };

  const dejar = await database.avisos.escuchar(CANAL_SESIONES, { alAviso, alEstado });

  return {
    enCache: true,
    get activa() {
      return activa;
    },
    repo: {
      ...repo,
      async find(sid: string): Promise<SesionActiva | undefined> {
        if (!activa) return repo.find(sid);
        const guardada = cache.get(sid);
        if (guardada) return guardada;
        const antes = generacion;
        const fila = await repo.find(sid);
        if (fila && activa && antes === generacion) {
          if (cache.size >= max) cache.delete(cache.keys().next().value as string);
          cache.set(sid, Object.freeze(fila));
        }
        return fila;
      },
    },
    async detener() {
      detenida = true;
      alEstado(false);
      await dejar().catch(() => {}); // the database may already be closed
    },
  };
}
