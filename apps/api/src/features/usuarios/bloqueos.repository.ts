// Failed sign-in counters and temporary locks, one row per key ('correo:<email>' or 'ip:<ip>').
// Kept in the database so every API instance shares them (ARCHITECTURE.md: nothing only in memory).
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bloqueosLogin } from '../../db/schema/index.ts';

export type ReglaBloqueo = {
  /** Consecutive failures that trigger a lock. */
  umbral: number;
  /** First lock in minutes; doubles with every further lock... */
  minutosBase: number;
  /** ...up to this many minutes, so a lock is always temporary. */
  minutosMax: number;
  /** Failures older than this are forgotten (not consecutive any more). */
  olvidoFallosMs: number;
  /** Lock escalation is forgotten after this long without failures. */
  olvidoBloqueosMs: number;
};

export function createBloqueosRepository(db: Executor) {
  return {
    /** The latest lock end among the keys, if any is still in the future. */
    async bloqueadoHasta(claves: string[], now: Date): Promise<Date | null> {
      const filas = await db
        .select({ hasta: bloqueosLogin.bloqueado_hasta })
        .from(bloqueosLogin)
        .where(inArray(bloqueosLogin.clave, claves));
      let max: Date | null = null;
      for (const f of filas) {
        if (f.hasta && f.hasta.getTime() > now.getTime() && (!max || f.hasta > max)) max = f.hasta;
      }
      return max;
    },

    /**
     * Counts one failure for a key in one atomic statement (safe under concurrent attempts). When the
     * count reaches the threshold the key is locked for base * 2^(previous locks) minutes (capped) and the
     * count starts again. Returns the new lock end when this failure caused one.
     */
    async registrarFallo(
      clave: string,
      now: Date,
      r: ReglaBloqueo,
    ): Promise<{ bloqueadoHasta: Date | null; bloqueos: number; fallos: number }> {
      const b = bloqueosLogin;
      const olvidoFallos = new Date(now.getTime() - r.olvidoFallosMs);
      const olvidoBloqueos = new Date(now.getTime() - r.olvidoBloqueosMs);
      // The previous values, with old ones forgotten.
      const fallos = sql`(case when ${b.actualizado_en} < ${olvidoFallos} then 0 else ${b.fallos} end + 1)`;
      const previos = sql`(case when ${b.actualizado_en} < ${olvidoBloqueos} then 0 else ${b.bloqueos} end)`;
      const bloquea = sql`${fallos} >= ${r.umbral}`;
      // Exponent capped before the power so the arithmetic never overflows.
      const topeExp = Math.ceil(Math.log2(Math.max(1, r.minutosMax / r.minutosBase)));
      const minutos = sql`least(${r.minutosMax}::double precision, ${r.minutosBase}::double precision * power(2, least(${previos}, ${topeExp})))`;
      const [fila] = await db
        .insert(b)
        .values({ clave, fallos: 1, bloqueos: 0, bloqueado_hasta: null, actualizado_en: now })
        .onConflictDoUpdate({
          target: b.clave,
          set: {
            fallos: sql`case when ${bloquea} then 0 else ${fallos} end`,
            bloqueos: sql`case when ${bloquea} then ${previos} + 1 else ${previos} end`,
            bloqueado_hasta: sql`case when ${bloquea} then ${now}::timestamptz + ${minutos} * interval '1 minute' else ${b.bloqueado_hasta} end`,
            actualizado_en: now,
          },
        })
        .returning({ fallos: b.fallos, bloqueos: b.bloqueos, hasta: b.bloqueado_hasta });
      const bloqueadoAhora = !!fila && fila.fallos === 0 && !!fila.hasta && fila.hasta.getTime() > now.getTime();
      return {
        bloqueadoHasta: bloqueadoAhora ? fila.hasta : null,
        bloqueos: fila?.bloqueos ?? 0,
        fallos: fila?.fallos ?? 0,
      };
    },

    /** Failures of a key not yet forgotten (0 when none). */
    async fallosRecientes(clave: string, now: Date, olvidoMs: number): Promise<number> {
      const [f] = await db
        .select({ fallos: bloqueosLogin.fallos, actualizado: bloqueosLogin.actualizado_en })
        .from(bloqueosLogin)
        .where(eq(bloqueosLogin.clave, clave))
        .limit(1);
      return f && f.actualizado.getTime() >= now.getTime() - olvidoMs ? f.fallos : 0;
    },

    /** A successful sign-in forgets the account's failures and lock history. */
    async limpiar(clave: string) {
      await db.delete(bloqueosLogin).where(eq(bloqueosLogin.clave, clave));
    },
  };
}
export type BloqueosRepository = ReturnType<typeof createBloqueosRepository>;
