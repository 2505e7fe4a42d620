// Sessions kept in process memory, exact because the database invalidates them (docs/decisions/0006; the mechanism
// is db/cache-con-avisos.ts).
//
// The triggers of migrations 0003 and 0016 send NOTIFY sesiones_cambio for every committed change to a session or
// to a user's rol/estado, whoever makes it (a service, a test, an operator's SQL, another instance), with
// 's:<sid>', 'u:<usuario id>' or '*'. Idle and absolute expiry are not cached decisions: the caller checks them
// against the clock every time.
import { crearCacheConAvisos, type RepositorioEnCache } from '../../db/cache-con-avisos.ts';
import { CANAL_SESIONES } from '../../db/canales.ts';
import type { Database } from '../../db/client.ts';
import { createSesionesRepository, type SesionActiva, type SesionesRepository } from './sesiones.repository.ts';

/** Enough for every live session of a clinic; beyond it the oldest entries are read again when needed. */
export const MAX_SESIONES_EN_CACHE = 10_000;

export type Sesiones = RepositorioEnCache<SesionesRepository>;

/** The sessions repository, its find() served from a cache the database keeps exact. */
export async function crearSesiones(
  database: Pick<Database, 'db' | 'avisos'>,
  opts: { max?: number; repo?: SesionesRepository } = {},
): Promise<Sesiones> {
  const repo = opts.repo ?? createSesionesRepository(database.db);
  if (!database.avisos) return { repo, enCache: false, activa: false, detener: async () => {} };

  const cache = await crearCacheConAvisos<string, Readonly<SesionActiva>>(database.avisos, {
    canal: CANAL_SESIONES,
    max: opts.max ?? MAX_SESIONES_EN_CACHE,
    quitar(payload, guardadas) {
      if (payload.startsWith('s:')) {
        guardadas.delete(payload.slice(2));
      } else if (payload.startsWith('u:')) {
        const usuarioId = Number(payload.slice(2));
        for (const [sid, s] of guardadas) if (s.usuarioId === usuarioId) guardadas.delete(sid);
      } else {
        guardadas.clear();
      }
    },
  });

  return {
    enCache: true,
    get activa() {
      return cache.activa;
    },
    repo: {
      ...repo,
      async find(sid: string): Promise<SesionActiva | undefined> {
        return cache.leer(sid, async () => {
          const fila = await repo.find(sid);
          return fila && Object.freeze(fila);
        });
      },
    },
    detener: () => cache.detener(),
  };
}
