// SQL of the owner's reports (issue 23, item 6; docs/dinero.md "Reportes"): each one aggregates in the database,
// grouped by the clinic's month (`to_char(x at time zone zona, 'YYYY-MM')`), and reads only the rows of its range
// [desde, hasta) through an index on the instant it is bounded by (bench/results/reportes.md has the plans).
// Every query's rows of one month depend on that month alone (never on the range asked), and add up over its days:
// the summary (resumen.repository.ts) stores them per month and per recent day, and a report adds stored periods
// and live stretches up.
// A payment counts when approved and not voided (pagos_anulaciones); sums are bigint, read as numbers.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The range of a report: instants [desde, hasta), its clinic months ('YYYY-MM') and the instants each one starts and
 * ends in the clinic's zone, and optionally one doctor.
 */
export type Filtro = {
  desde: Date;
  hasta: Date;
  meses: readonly { clave: string; inicio: Date; fin: Date }[];
  doctorId?: number | undefined;
};

const n = (v: unknown) => Number(v ?? 0);
/**
 * The clinic month of an instant, as its index in `f.meses` (1-based): a binary search among the months' starting
 * instants (width_bucket), instead of converting every row to the clinic's zone (to_char(x at time zone z) cost
 * most of a report's time over 100k rows: bench/results/reportes.md).
 */
const mesDe = (columna: SQL, f: Filtro) =>
  sql`width_bucket(${columna}, ${`{${f.meses.map((m) => m.inicio.toISOString()).join(',')}}`}::timestamptz[])`;
/** 'YYYY-MM' of a bucket mesDe gave. */
const clave = (f: Filtro, v: unknown) => f.meses[n(v) - 1]?.clave ?? '';
/** An approved payment without a void. */
const vigente = (p: SQL) =>
  sql`${p}.estado = 'aprobado' and not exists (select 1 from pagos_anulaciones a where a.pago_id = ${p}.id)`;
const delDoctor = (columna: SQL, doctorId?: number) => (doctorId ? sql`and ${columna} = ${doctorId}` : sql``);

export function createReportesRepository(db: Executor) {
  async function filas<T>(q: SQL): Promise<T[]> {
    return (await db.execute(q)).rows as T[];
  }

  return {
    /** Money in and out per month, procedure and doctor (by the payment's registration time). */
    async ingresos(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`p.registrado_en`, f)} as mes,
               coalesce(c.procedimiento_id, pp.procedimiento_id) as procedimiento_id,
               case when coalesce(c.procedimiento_id, pp.procedimiento_id) is null then c.tipo end as tipo,
               c.doctor_id,
               (p.paquete_paciente_id is not null and p.cita_id is null) as de_paquete,
               sum(p.monto) filter (where p.concepto <> 'devolucion') as cobrado,
               sum(p.monto) filter (where p.concepto = 'devolucion') as devuelto,
               count(*) as pagos
        from pagos p
        left join citas c on c.id = p.cita_id
        left join paquetes_paciente pp on pp.id = p.paquete_paciente_id
        where p.registrado_en >= ${f.desde} and p.registrado_en < ${f.hasta}
          and ${vigente(sql`p`)}
          ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2, 3, 4, 5`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        procedimiento_id: x.procedimiento_id == null ? null : n(x.procedimiento_id),
        tipo: (x.tipo as string | null) ?? null,
        doctor_id: x.doctor_id == null ? null : n(x.doctor_id),
        de_paquete: Boolean(x.de_paquete),
        cobrado: n(x.cobrado),
        devuelto: n(x.devuelto),
        pagos: n(x.pagos),
      }));
    },

    /**
     * Deposits per month of the appointment's first counted deposit payment (ever: so a month's rows never depend on
     * the range asked), per doctor and what became of the appointment (its state and cause of cancellation): all
     * its counted deposits, the part refunded in money and the part kept as the patient's credit (refunds of method
     * saldo_a_favor), both up to the deposits, money first. The service classifies each group (`clasificarAnticipo`).
     */
    async anticipos(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        with en_rango as (
          select distinct p.cita_id from pagos p
          where p.concepto = 'anticipo' and p.cita_id is not null
            and p.registrado_en >= ${f.desde} and p.registrado_en < ${f.hasta}
            and ${vigente(sql`p`)}
        ), cobrados as (
          select p.cita_id, min(p.registrado_en) as primero, sum(p.monto) as cobrado
          from en_rango e join pagos p on p.cita_id = e.cita_id
          where p.concepto = 'anticipo' and ${vigente(sql`p`)}
          group by p.cita_id
          having min(p.registrado_en) >= ${f.desde}
        ), devueltos as (
          select k.cita_id, k.primero, k.cobrado,
                 least(k.cobrado, coalesce(sum(d.monto) filter (where d.metodo <> 'saldo_a_favor'), 0)) as devuelto,
                 coalesce(sum(d.monto) filter (where d.metodo = 'saldo_a_favor'), 0) as credito
          from cobrados k
          left join pagos d on d.cita_id = k.cita_id and d.concepto = 'devolucion' and ${vigente(sql`d`)}
          group by k.cita_id, k.primero, k.cobrado
        )
        select ${mesDe(sql`k.primero`, f)} as mes, c.doctor_id, c.estado, c.causa_cancelacion as causa,
               count(*) as citas, sum(k.cobrado) as cobrado, sum(k.devuelto) as devuelto,
               sum(least(k.cobrado - k.devuelto, k.credito)) as credito
        from devueltos k join citas c on c.id = k.cita_id
        where true ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2, 3, 4`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        doctor_id: n(x.doctor_id),
        estado: String(x.estado),
        causa: (x.causa as string | null) ?? null,
        citas: n(x.citas),
        cobrado: n(x.cobrado),
        devuelto: n(x.devuelto),
        credito: n(x.credito),
      }));
    },

    /**
     * Issue 25, item 5: appointments due per month (of their start) and doctor (not cancelled, or missed), how many
     * were confirmed, how many before their clinic day, and by which way. `antes_del_dia` converts both instants to
     * the clinic's zone only for rows with a confirmation instant (the guard changes no count: a null compares to
     * nothing); comparing with the clinic's midnight of the start instead would differ where a clock change falls
     * at midnight.
     */
    async confirmaciones(f: Filtro, zona: string) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`c.inicio`, f)} as mes, c.doctor_id,
               count(*) as citas,
               count(*) filter (where c.confirmada_via is not null or c.estado in ('confirmada', 'realizada')) as confirmadas,
               count(*) filter (
                 where c.confirmada_en is not null
                   and (c.confirmada_en at time zone ${zona})::date < (c.inicio at time zone ${zona})::date
               ) as antes_del_dia,
               count(*) filter (where c.confirmada_via = 'mostrador') as mostrador,
               count(*) filter (where c.confirmada_via = 'portal') as portal,
               count(*) filter (where c.confirmada_via = 'correo') as correo,
               count(*) filter (where c.confirmada_via = 'whatsapp') as whatsapp,
               count(*) filter (where c.confirmada_via is null and c.estado in ('confirmada', 'realizada')) as sin_registro
        from citas c
        where c.inicio >= ${f.desde} and c.inicio < ${f.hasta}
          and (c.estado <> 'cancelada' or c.causa_cancelacion = 'inasistencia')
          ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        doctor_id: n(x.doctor_id),
        citas: n(x.citas),
        confirmadas: n(x.confirmadas),
        antes_del_dia: n(x.antes_del_dia),
        mostrador: n(x.mostrador),
        portal: n(x.portal),
        correo: n(x.correo),
        whatsapp: n(x.whatsapp),
        sin_registro: n(x.sin_registro),
      }));
    },

    /** Waitlist offers accepted per month of the slot, and what their bookings were worth. */
    async recuperadas(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`o.inicio`, f)} as mes, count(*) as recuperadas, coalesce(sum(o.valor), 0) as valor
        from ofertas_espera o
        where o.estado = 'aceptada' and o.inicio >= ${f.desde} and o.inicio < ${f.hasta}
          ${delDoctor(sql`o.doctor_id`, f.doctorId)}
        group by 1`);
      return r.map((x) => ({ mes: clave(f, x.mes), recuperadas: n(x.recuperadas), valor: n(x.valor) }));
    },

    /**
     * Done and missed appointments per month (of their start), doctor and the channel their patient chose (no
     * preference: e-mail). A patient's channel is today's: changing it changes her past months (a trigger records
     * them, migration 0031).
     */
    async asistenciaPorCanal(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`c.inicio`, f)} as mes, c.doctor_id, coalesce(pc.canal, 'correo') as canal,
               count(*) as citas,
               count(*) filter (where c.estado = 'cancelada') as inasistencias
        from citas c
        left join preferencias_contacto pc on pc.usuario_id = c.paciente_id
        where c.inicio >= ${f.desde} and c.inicio < ${f.hasta}
          and (c.estado = 'realizada' or (c.estado = 'cancelada' and c.causa_cancelacion = 'inasistencia'))
          ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2, 3`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        doctor_id: n(x.doctor_id),
        canal: String(x.canal) as 'correo' | 'whatsapp' | 'ambos',
        citas: n(x.citas),
        inasistencias: n(x.inasistencias),
      }));
    },

    /** Appointments done and no-shows per month (of their start) and doctor. */
    async asistencia(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`c.inicio`, f)} as mes, c.doctor_id,
               count(*) filter (where c.estado = 'realizada') as realizadas,
               count(*) filter (where c.estado = 'cancelada' and c.causa_cancelacion = 'inasistencia') as inasistencias
        from citas c
        where c.inicio >= ${f.desde} and c.inicio < ${f.hasta}
          and c.estado in ('realizada', 'cancelada')
          ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        doctor_id: n(x.doctor_id),
        realizadas: n(x.realizadas),
        inasistencias: n(x.inasistencias),
      }));
    },

    /**
     * Time booked (fin - inicio of appointments not cancelled) per month of their start and doctor, in seconds (the
     * service rounds to minutes once the periods are added up).
     */
    async minutosReservados(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`c.inicio`, f)} as mes, c.doctor_id,
               sum(extract(epoch from (c.fin - c.inicio)))::bigint as segundos
        from citas c
        where c.inicio >= ${f.desde} and c.inicio < ${f.hasta}
          and c.estado <> 'cancelada'
          ${delDoctor(sql`c.doctor_id`, f.doctorId)}
        group by 1, 2`);
      return r.map((x) => ({ mes: clave(f, x.mes), doctor_id: n(x.doctor_id), segundos: n(x.segundos) }));
    },

    /** The weekly hours of the active doctors (or one). */
    async horarios(doctorId?: number) {
      const r = await filas<Record<string, unknown>>(sql`
        select h.doctor_id, h.dia_semana, to_char(h.hora_inicio, 'HH24:MI') as hora_inicio,
               to_char(h.hora_fin, 'HH24:MI') as hora_fin
        from horarios_doctor h join usuarios u on u.id = h.doctor_id
        where u.rol = 'doctor' ${delDoctor(sql`h.doctor_id`, doctorId)}`);
      return r.map((x) => ({
        doctor_id: n(x.doctor_id),
        dia_semana: n(x.dia_semana),
        hora_inicio: String(x.hora_inicio),
        hora_fin: String(x.hora_fin),
      }));
    },

    /** The agenda blocks that overlap the range. */
    async bloqueos(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select b.doctor_id, b.inicio, b.fin from bloqueos_agenda b
        where b.inicio < ${f.hasta} and b.fin > ${f.desde} ${delDoctor(sql`b.doctor_id`, f.doctorId)}`);
      return r.map((x) => ({
        doctor_id: n(x.doctor_id),
        inicio: new Date(x.inicio as string),
        fin: new Date(x.fin as string),
      }));
    },

    /** Packages sold per month (those whose sale was not voided): how many and for how much. */
    async paquetesVendidos(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`pp.vendido_en`, f)} as mes, count(*) as vendidos, sum(pp.precio) as monto
        from paquetes_paciente pp
        where pp.vendido_en >= ${f.desde} and pp.vendido_en < ${f.hasta}
          and not exists (
            select 1 from pagos p join pagos_anulaciones a on a.pago_id = p.id
            where p.paquete_paciente_id = pp.id and p.concepto = 'paquete')
        group by 1`);
      return r.map((x) => ({ mes: clave(f, x.mes), vendidos: n(x.vendidos), monto: n(x.monto) }));
    },

    /** Sessions used per month (of the consumption). */
    async sesionesUsadas(f: Filtro) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`k.consumido_en`, f)} as mes, count(*) as sesiones
        from paquetes_consumos k
        where k.consumido_en >= ${f.desde} and k.consumido_en < ${f.hasta}
        group by 1`);
      return r.map((x) => ({ mes: clave(f, x.mes), sesiones: n(x.sesiones) }));
    },

    /**
     * What the clinic owes today, per procedure: the sessions left of packages still usable on `usableDesde` (vence_el
     * on or after it: today less the grace days) and their pro rata price (precio * left / total, rounded per package).
     */
    async pendientes(usableDesde: string) {
      const r = await filas<Record<string, unknown>>(sql`
        select pp.procedimiento_id, pr.nombre as procedimiento, count(*) as paquetes,
               sum(pp.sesiones_total - pp.sesiones_usadas) as sesiones,
               sum(round(pp.precio::numeric * (pp.sesiones_total - pp.sesiones_usadas) / pp.sesiones_total)) as monto
        from paquetes_paciente pp join procedimientos pr on pr.id = pp.procedimiento_id
        where pp.vence_el >= ${usableDesde} and pp.sesiones_usadas < pp.sesiones_total
          and not exists (
            select 1 from pagos p join pagos_anulaciones a on a.pago_id = p.id
            where p.paquete_paciente_id = pp.id and p.concepto = 'paquete')
        group by 1, 2
        order by 2`);
      return r.map((x) => ({
        procedimiento_id: n(x.procedimiento_id),
        procedimiento: String(x.procedimiento),
        paquetes: n(x.paquetes),
        sesiones: n(x.sesiones),
        monto: n(x.monto),
      }));
    },

    /**
     * First visits per month and doctor: evaluations done that are their patient's first evaluation done ever (so a
     * month's rows never depend on the range asked), and how many were followed by a procedure appointment not
     * cancelled that starts within `dias` days after it.
     */
    async conversion(f: Filtro, dias: number) {
      const r = await filas<Record<string, unknown>>(sql`
        select ${mesDe(sql`e.inicio`, f)} as mes, e.doctor_id, count(*) as evaluadas,
               count(*) filter (where exists (
                 select 1 from citas p
                 where p.paciente_id = e.paciente_id and p.tipo = 'procedimiento' and p.estado <> 'cancelada'
                   and p.inicio > e.inicio and p.inicio <= e.inicio + make_interval(days => ${dias}))) as convertidas
        from citas e
        where e.tipo = 'evaluacion' and e.estado = 'realizada'
          and e.inicio >= ${f.desde} and e.inicio < ${f.hasta}
          ${delDoctor(sql`e.doctor_id`, f.doctorId)}
          and not exists (
            select 1 from citas a
            where a.paciente_id = e.paciente_id and a.tipo = 'evaluacion' and a.estado = 'realizada'
              and a.inicio < e.inicio)
        group by 1, 2`);
      return r.map((x) => ({
        mes: clave(f, x.mes),
        doctor_id: n(x.doctor_id),
        evaluadas: n(x.evaluadas),
        convertidas: n(x.convertidas),
      }));
    },

    /** Names of users and procedures by id (the few a report names). */
    async nombres(tabla: 'usuarios' | 'procedimientos', ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const t = tabla === 'usuarios' ? sql`usuarios` : sql`procedimientos`;
      const r = await filas<{ id: number; nombre: string }>(
        sql`select id, nombre from ${t} where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return new Map(r.map((x) => [n(x.id), x.nombre]));
    },

    async rolDe(id: number) {
      const r = await filas<{ rol: string; nombre: string }>(sql`select rol, nombre from usuarios where id = ${id}`);
      return r[0];
    },
  };
}
export type ReportesRepository = ReturnType<typeof createReportesRepository>;
