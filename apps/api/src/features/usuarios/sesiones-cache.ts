// Sessions kept in process memory on the embedded database only (docs/decisions/0006-cache-de-sesiones.md).
//
// With PGlite this process is the only client of the database, and the triggers of migration
// 0003_avisos_sesiones send NOTIFY sesiones_cambio for every committed change to a session or to a user's
// rol/estado, whoever makes it (a service, a test, a future feature): the notice arrives before the writing
// statement returns, so the next request already misses the cache and reads the database. The database
// stays the only source of truth; the cache holds copies that are dropped the moment they may differ.
// Idle and absolute expiry are not cached decisions: the caller checks them against the clock every time.
//
// With PostgreSQL (several instances, writes from elsewhere) there is no cache: every request reads.
import type { Database } from '../../db/client.ts';
import { createSesionesRepository, type SesionActiva, type SesionesRepository } from './sesiones.repository.ts';

export const CANAL_SESIONES = 'sesiones_cambio';

/** Enough for every live session of a clinic; beyond it the oldest entries are read again when needed. */
export const MAX_SESIONES_EN_CACHE = 10_000;

export type Sesiones = {
  repo: SesionesRepository;
  /** Whether find() answers from memory (embedded database, notices active). */
  enCache: boolean;
  /** Stops listening for notices (app close). */
  detener(): Promise<void>;
};

/** The sessions repository; on PGlite its find() is served from a cache the database keeps exact. */
export async function crearSesiones(
  database: Pick<Database, 'db' | 'avisosLocales'>,
  opts: { max?: number; log?: { warn(o: object, m: string): void }; repo?: SesionesRepository } = {},
): Promise<Sesiones> {
  const repo = opts.repo ?? createSesionesRepository(database.db);
  const sinCache: Sesiones = { repo, enCache: false, detener: async () => {} };
  if (!database.avisosLocales) return sinCache;

  const max = opts.max ?? MAX_SESIONES_EN_CACHE;
  const cache = new Map<string, Readonly<SesionActiva>>();
  // Bumped by every notice: a read that was in flight when a change committed does not fill the cache.
  let generacion = 0;

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

  // Off once the notices stop (app closing): from then on every find() reads the database.
  let activo = true;
  let dejar: () => Promise<void>;
  try {
    dejar = await database.avisosLocales.escuchar(CANAL_SESIONES, alAviso);
  } catch (err) {
    opts.log?.warn({ err }, 'sin avisos de la base de datos: las sesiones se leen en cada solicitud');
    return sinCache;
  }

  return {
    enCache: true,
    repo: {
      ...repo,
      async find(sid: string): Promise<SesionActiva | undefined> {
        if (!activo) return repo.find(sid);
        const guardada = cache.get(sid);
        if (guardada) return guardada;
        const antes = generacion;
        const fila = await repo.find(sid);
        if (fila && activo && antes === generacion) {
          if (cache.size >= max) cache.delete(cache.keys().next().value as string);
          cache.set(sid, Object.freeze(fila));
        }
        return fila;
      },
    },
    async detener() {
      activo = false;
      cache.clear();
      await dejar().catch(() => {}); // the database may already be closed
    },
  };
}
