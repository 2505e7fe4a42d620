// The reports' summary (db/schema/reportes.ts; decision 0062): which periods of a report's range can be read from it
// (stored, whole inside the range, with no change recorded since: a month, else its days), their stored rows added
// up, and the job's writes: one period summarised in one transaction, the outbox row of the next run.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { reportesResumen } from '../../db/schema/index.ts';
import { createReportesRepository, type Filtro } from './reportes.repository.ts';

/**
 * The report queries whose rows are stored (reportes.repository.ts), each with the fields that identify a row (its
 * group) and those that add up: rows of one group from several periods are one row with the sums.
 */
export const CONSULTAS_RESUMIDAS = {
  ingresos: {
    claves: ['mes', 'procedimiento_id', 'tipo', 'doctor_id', 'de_paquete'],
    sumas: ['cobrado', 'devuelto', 'pagos'],
  },
  anticipos: { claves: ['mes', 'doctor_id', 'estado', 'causa'], sumas: ['citas', 'cobrado', 'devuelto', 'credito'] },
  asistencia: { claves: ['mes', 'doctor_id'], sumas: ['realizadas', 'inasistencias'] },
  minutos: { claves: ['mes', 'doctor_id'], sumas: ['segundos'] },
  conversion: { claves: ['mes', 'doctor_id'], sumas: ['evaluadas', 'convertidas'] },
  confirmaciones: {
    claves: ['mes', 'doctor_id'],
    sumas: ['citas', 'confirmadas', 'antes_del_dia', 'mostrador', 'portal', 'correo', 'whatsapp', 'sin_registro'],
  },
  canales: { claves: ['mes', 'doctor_id', 'canal'], sumas: ['citas', 'inasistencias'] },
} as const;
export type ConsultaResumida = keyof typeof CONSULTAS_RESUMIDAS;

/** A period: a clinic month ('YYYY-MM') or day ('YYYY-MM-DD') and the instants it starts and ends. */
export type Periodo = { clave: string; inicio: Date; fin: Date };
/** A report's range split in stored periods and stretches computed live (each a sub-range of the filter). */
export type Partes = { resumidos: string[]; vivos: Filtro[] };

/** Rows of one query added up by group (stored periods and live stretches of the same month). */
export function fusionar<T>(consulta: ConsultaResumida, filas: readonly T[]): T[] {
  const { claves, sumas } = CONSULTAS_RESUMIDAS[consulta];
  const grupos = new Map<string, Record<string, unknown>>();
  for (const fila of filas as readonly Record<string, unknown>[]) {
    const k = JSON.stringify(claves.map((c) => fila[c] ?? null));
    const g = grupos.get(k);
    if (!g) grupos.set(k, { ...fila });
    else for (const s of sumas) g[s] = Number(g[s]) + Number(fila[s]);
  }
  return [...grupos.values()] as T[];
}

/** The column saying a change was seen by a summary of this period's kind (a month or a day). */
const visto = (p: Periodo) => sql.identifier(p.clave.length === 7 ? 'visto_mes' : 'visto_dia');

const lista = (valores: readonly (string | number)[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

export function createResumenRepository(db: Db) {
  async function filas<T>(q: SQL, ex: Executor = db): Promise<T[]> {
    return (await ex.execute(q)).rows as T[];
  }

  /**
   * Of these contiguous periods (sorted, not nested: all months or all days), those stored and those with a change
   * recorded in them that a summary of that kind has not seen.
   */
  async function estado(periodos: readonly Periodo[]) {
    if (!periodos.length) return { hechos: new Set<string>(), sucios: new Set<string>() };
    const limites = `{${periodos.map((m) => m.inicio.toISOString()).join(',')}}`;
    const [hechos, sucios] = await Promise.all([
      filas<{ periodo: string }>(
        sql`select periodo from reportes_periodos where periodo in (${lista(periodos.map((m) => m.clave))})`,
      ),
      filas<{ i: number }>(sql`
        select distinct width_bucket(instante, ${limites}::timestamptz[]) as i from reportes_cambios
        where instante >= ${periodos[0]!.inicio} and instante < ${periodos.at(-1)!.fin}
          and not ${visto(periodos[0]!)}`),
    ]);
    return {
      hechos: new Set(hechos.map((h) => h.periodo)),
      sucios: new Set(sucios.map((x) => periodos[Number(x.i) - 1]?.clave ?? '')),
    };
  }
  /** Those of `periodos` whole inside [desde, hasta), stored and unchanged. */
  async function usables(periodos: readonly Periodo[], desde: Date, hasta: Date) {
    const enteros = periodos.filter((p) => p.inicio >= desde && p.fin <= hasta);
    const { hechos, sucios } = await estado(enteros);
    return new Set(enteros.filter((p) => hechos.has(p.clave) && !sucios.has(p.clave)).map((p) => p.clave));
  }

  return {
    estado,

    /**
     * The periods of `f` a report may read from the summary: each month stored and unchanged, else each of its days
     * stored and unchanged (`diasDe` gives a month's days); the rest as contiguous live stretches, clipped to the range.
     */
    async partes(f: Filtro, diasDe: (mes: Periodo) => Periodo[]): Promise<Partes> {
      const meses = await usables(f.meses, f.desde, f.hasta);
      const faltan = f.meses.filter((m) => !meses.has(m.clave));
      const dias = faltan.flatMap(diasDe);
      const diasUsables = await usables(dias, f.desde, f.hasta);
      const tramos: Periodo[] = [];
      for (const m of f.meses) {
        if (meses.has(m.clave)) tramos.push(m);
        else tramos.push(...diasDe(m));
      }
      const resumidos: string[] = [];
      const vivos: Filtro[] = [];
      let tramo: { desde: Date; hasta: Date } | null = null;
      for (const p of tramos) {
        if (meses.has(p.clave) || diasUsables.has(p.clave)) {
          resumidos.push(p.clave);
          if (tramo) vivos.push({ ...f, ...tramo });
          tramo = null;
          continue;
        }
        const desde = p.inicio > f.desde ? p.inicio : f.desde;
        const hasta = p.fin < f.hasta ? p.fin : f.hasta;
        if (desde >= hasta) continue;
        tramo = tramo ? { desde: tramo.desde, hasta } : { desde, hasta };
      }
      if (tramo) vivos.push({ ...f, ...tramo });
      return { resumidos, vivos };
    },

    /**
     * The stored rows of one query over these periods (of one doctor, if given), added up by group. In JavaScript:
     * PostgreSQL sorting thousands of rows by jsonb keys took ~200 ms (bench/results/reportes.md).
     */
    async leer<T>(consulta: ConsultaResumida, periodos: readonly string[], doctorId?: number): Promise<T[]> {
      if (!periodos.length) return [];
      const r = await filas<{ fila: T }>(sql`
        select fila from reportes_resumen
        where consulta = ${consulta} and periodo in (${lista(periodos)})
          ${doctorId ? sql`and doctor_id = ${doctorId}` : sql``}`);
      return fusionar(
        consulta,
        r.map((x) => (typeof x.fila === 'string' ? (JSON.parse(x.fila) as T) : x.fila)),
      );
    },

    /**
     * Summarises one closed period in one transaction: its row in reportes_periodos first (the lock that serialises
     * two instances doing the same period), then its recorded changes go (a write committed after this point leaves
     * its own, so the period is done again), its old rows go, and the live queries' rows of the period are stored.
     * `dias`: DIAS_CONVERSION; `zona`: the clinic's (a confirmation before the appointment's clinic day).
     */
    async resumir(periodo: Periodo, mes: Filtro['meses'][number], dias: number, zona: string) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into reportes_periodos (periodo, resumido_en) values (${periodo.clave}, now())
          on conflict (periodo) do update set resumido_en = excluded.resumido_en`);
        await tx.execute(sql`
          update reportes_cambios set ${visto(periodo)} = true
          where instante >= ${periodo.inicio} and instante < ${periodo.fin} and not ${visto(periodo)}`);
        await tx.execute(sql`
          delete from reportes_cambios
          where instante >= ${periodo.inicio} and instante < ${periodo.fin} and visto_mes and visto_dia`);
        await tx.execute(sql`delete from reportes_resumen where periodo = ${periodo.clave}`);
        const vivo = createReportesRepository(tx);
        const f: Filtro = { desde: periodo.inicio, hasta: periodo.fin, meses: [mes] };
        const porConsulta: Record<ConsultaResumida, { doctor_id: number | null }[]> = {
          ingresos: await vivo.ingresos(f),
          anticipos: await vivo.anticipos(f),
          asistencia: await vivo.asistencia(f),
          minutos: await vivo.minutosReservados(f),
          conversion: await vivo.conversion(f, dias),
          confirmaciones: await vivo.confirmaciones(f, zona),
          canales: await vivo.asistenciaPorCanal(f),
        };
        const nuevas = Object.entries(porConsulta).flatMap(([consulta, l]) =>
          l.map((fila) => ({ periodo: periodo.clave, consulta, doctor_id: fila.doctor_id, fila })),
        );
        for (let i = 0; i < nuevas.length; i += 500) await tx.insert(reportesResumen).values(nuevas.slice(i, i + 500));
      });
    },

    /**
     * Recorded changes before `antes` (months never read again) or seen by their month before `diasDesde` (days no
     * longer stored), and stored days before `diasDesde`.
     */
    async purgar(antes: Date, diasDesde: string, inicioDias: Date) {
      await db.execute(
        sql`delete from reportes_cambios where instante < ${antes} or (visto_mes and instante < ${inicioDias})`,
      );
      await db.execute(sql`delete from reportes_resumen where length(periodo) = 10 and periodo < ${diasDesde}`);
      await db.execute(sql`delete from reportes_periodos where length(periodo) = 10 and periodo < ${diasDesde}`);
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
