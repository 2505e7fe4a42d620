// The reports' monthly summary (db/schema/reportes.ts; decision 06xx): which months of a report's range can be read
// from it (summarised, whole inside the range, and with no change recorded since), their stored rows, and the job's
// writes: one month summarised in one transaction, the outbox row of the next run.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { reportesResumen } from '../../db/schema/index.ts';
import { createReportesRepository, type Filtro } from './reportes.repository.ts';

/** The report queries whose monthly rows are stored (reportes.repository.ts). */
export const CONSULTAS_RESUMIDAS = ['ingresos', 'anticipos', 'asistencia', 'minutos', 'conversion'] as const;
export type ConsultaResumida = (typeof CONSULTAS_RESUMIDAS)[number];

/** A report's range split in months read from the summary and stretches computed live (each a sub-range). */
type Mes = Filtro['meses'][number];

export type Partes = { resumidos: string[]; vivos: Filtro[] };

const lista = (valores: readonly (string | number)[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

export function createResumenRepository(db: Db) {
  async function filas<T>(q: ReturnType<typeof sql>, ex: Executor = db): Promise<T[]> {
    return (await ex.execute(q)).rows as T[];
  }

  /** Of these contiguous months, those summarised and those with a change recorded in them. */
  async function estado(meses: readonly Mes[]) {
    if (!meses.length) return { hechos: new Set<string>(), sucios: new Set<string>() };
    const limites = `{${meses.map((m) => m.inicio.toISOString()).join(',')}}`;
    const [hechos, sucios] = await Promise.all([
      filas<{ mes: string }>(sql`select mes from reportes_meses where mes in (${lista(meses.map((m) => m.clave))})`),
      filas<{ i: number }>(sql`
        select distinct width_bucket(instante, ${limites}::timestamptz[]) as i from reportes_cambios
        where instante >= ${meses[0]!.inicio} and instante < ${meses.at(-1)!.fin}`),
    ]);
    return {
      hechos: new Set(hechos.map((h) => h.mes)),
      sucios: new Set(sucios.map((x) => meses[Number(x.i) - 1]?.clave ?? '')),
    };
  }

  return {
    /**
     * The months of `f` a report may read from the summary: summarised, whole inside [desde, hasta), and without a
     * change recorded in them since; the rest as contiguous live stretches, clipped to the range.
     */
    async partes(f: Filtro): Promise<Partes> {
      const enteros = f.meses.filter((m) => m.inicio >= f.desde && m.fin <= f.hasta);
      const { hechos, sucios } = await estado(enteros);
      const usables = new Set([...hechos].filter((m) => !sucios.has(m)));
      const vivos: Filtro[] = [];
      let tramo: { desde: Date; hasta: Date } | null = null;
      for (const m of f.meses) {
        if (usables.has(m.clave)) {
          if (tramo) vivos.push({ ...f, ...tramo });
          tramo = null;
          continue;
        }
        const desde = m.inicio > f.desde ? m.inicio : f.desde;
        const hasta = m.fin < f.hasta ? m.fin : f.hasta;
        tramo = tramo ? { desde: tramo.desde, hasta } : { desde, hasta };
      }
      if (tramo) vivos.push({ ...f, ...tramo });
      return { resumidos: [...usables], vivos };
    },

    /** The stored rows of one query for these months (of one doctor, if given). */
    async leer<T>(consulta: ConsultaResumida, meses: readonly string[], doctorId?: number): Promise<T[]> {
      if (!meses.length) return [];
      const r = await filas<{ fila: T }>(sql`
        select fila from reportes_resumen
        where consulta = ${consulta} and mes in (${lista(meses)})
          ${doctorId ? sql`and doctor_id = ${doctorId}` : sql``}`);
      return r.map((x) => (typeof x.fila === 'string' ? (JSON.parse(x.fila) as T) : x.fila));
    },

    estado,

    /**
     * Summarises one closed month in one transaction: its row in reportes_meses first (the lock that serialises two
     * instances doing the same month), then its recorded changes go (a write committed after this point leaves its
     * own, so the month is summarised again), its old rows go, and the live queries' rows of the month are stored.
     */
    async resumir(mes: Mes, dias: number) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into reportes_meses (mes, resumido_en) values (${mes.clave}, now())
          on conflict (mes) do update set resumido_en = excluded.resumido_en`);
        await tx.execute(sql`delete from reportes_cambios where instante >= ${mes.inicio} and instante < ${mes.fin}`);
        await tx.execute(sql`delete from reportes_resumen where mes = ${mes.clave}`);
        const vivo = createReportesRepository(tx);
        const f: Filtro = { desde: mes.inicio, hasta: mes.fin, meses: [mes] };
        const porConsulta: Record<ConsultaResumida, { doctor_id: number | null }[]> = {
          ingresos: await vivo.ingresos(f),
          anticipos: await vivo.anticipos(f),
          asistencia: await vivo.asistencia(f),
          minutos: await vivo.minutosReservados(f),
          conversion: await vivo.conversion(f, dias),
        };
        const nuevas = CONSULTAS_RESUMIDAS.flatMap((consulta) =>
          porConsulta[consulta].map((fila) => ({ mes: mes.clave, consulta, doctor_id: fila.doctor_id, fila })),
        );
        for (let i = 0; i < nuevas.length; i += 500) await tx.insert(reportesResumen).values(nuevas.slice(i, i + 500));
      });
    },

    /** Recorded changes before `antes` (months past the longest range: never read again). */
    async purgarCambios(antes: Date) {
      await db.execute(sql`delete from reportes_cambios where instante < ${antes}`);
    },

    /** The job's outbox row for one day (`turno`), unless it exists (a unique index makes this idempotent). */
    async programar(tipo: string, turno: string, disponibleEn: Date) {
      await db.execute(sql`
        insert into bandeja_salida (tipo, carga, disponible_en)
        values (${tipo}, ${JSON.stringify({ turno })}::jsonb, ${disponibleEn})
        on conflict do nothing`);
    },
  };
}
export type ResumenRepository = ReturnType<typeof createResumenRepository>;
