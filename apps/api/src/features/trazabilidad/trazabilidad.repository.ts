// SQL of traceability and retreatment recall (issue 24, items 3-4; docs/trazabilidad.md). A note's chart points count
// only once the note is signed (evoluciones.firmada_en); quantities are hundredths of the product's unit.
import { sql, type SQL } from 'drizzle-orm';
import type { TipoProducto } from '@clinica/contracts/insumos';
import type { Executor } from '../../db/client.ts';
import { alertasLote, alertasLotePacientes, intervalosRetratamiento, retratamientos } from '../../db/schema/index.ts';

export type LoteBreveFila = {
  id: number;
  numero: string;
  vence_el: string;
  producto_id: number;
  producto_nombre: string;
  registro_invima: string;
  unidad: 'U' | 'mL' | 'unidad';
};
type Contacto = {
  paciente_id: number;
  paciente_nombre: string;
  tipodocumento: string;
  numerodocumento: string;
  telefono: string | null;
  correo: string | null;
};
export type PacienteLoteFila = Contacto & {
  evolucion_id: number;
  cita_id: number;
  fecha: string;
  doctor_id: number;
  doctor_nombre: string;
  cantidad: number;
};
export type AlertaFila = {
  id: number;
  lote_id: number;
  texto: string;
  autor_id: number;
  autor_nombre: string;
  creada_en: Date;
  pacientes: number;
};
export type RetratamientoFila = typeof retratamientos.$inferSelect;
export type RetratamientoListaFila = RetratamientoFila &
  Contacto & { doctor_nombre: string; cita_proxima_id: number | null; cita_inicio: Date | null };
export type IntervaloFila = typeof intervalosRetratamiento.$inferSelect;

/** Appointments that still stand. */
const VIGENTE = sql`c.estado in ('pendiente', 'confirmada')`;

export function createTrazabilidadRepository(db: Executor) {
  const filas = async <T>(q: SQL) => (await db.execute(q)).rows as T[];
  const CONTACTO = sql`p.id as paciente_id, p.nombre as paciente_nombre, p.tipodocumento, p.numerodocumento,
    p.telefono, p.correo`;

  return {
    async lote(id: number): Promise<LoteBreveFila | undefined> {
      const [f] = await filas<LoteBreveFila>(sql`
        select l.id, l.numero, l.vence_el::text as vence_el, pr.id as producto_id, pr.nombre as producto_nombre,
          pr.registro_invima, pr.unidad
        from lotes l join productos pr on pr.id = l.producto_id where l.id = ${id}`);
      return f;
    },

    /** Locks the lot's row: two notices about it are written one after the other (a double click). */
    async bloquearLote(id: number): Promise<void> {
      await db.execute(sql`select id from lotes where id = ${id} for update`);
    },

    /** One row per signed note that applied the lot, its points summed; the newest appointment first. */
    pacientesLote: (loteId: number, zona: string) =>
      filas<PacienteLoteFila>(sql`
        select ${CONTACTO}, e.id as evolucion_id, e.cita_id,
          to_char(c.inicio at time zone ${zona}, 'YYYY-MM-DD') as fecha,
          d.id as doctor_id, d.nombre as doctor_nombre, sum(a.cantidad)::int as cantidad
        from aplicaciones a
          join evoluciones e on e.id = a.evolucion_id
          join citas c on c.id = e.cita_id
          join usuarios p on p.id = e.paciente_id
          join usuarios d on d.id = e.autor_id
        where a.lote_id = ${loteId} and e.firmada_en is not null
        group by e.id, c.id, p.id, d.id
        order by c.inicio desc, e.id desc`),

    alertas: (loteId: number) =>
      filas<AlertaFila>(sql`
        select a.id, a.lote_id, a.texto, a.autor_id, u.nombre as autor_nombre, a.creada_en,
          (select count(*) from alertas_lote_pacientes ap where ap.alerta_id = a.id)::int as pacientes
        from alertas_lote a join usuarios u on u.id = a.autor_id
        where a.lote_id = ${loteId} order by a.creada_en desc, a.id desc`),

    async crearAlerta(v: { loteId: number; autorId: number; texto: string; ahora: Date; pacientes: number[] }) {
      const [a] = await db
        .insert(alertasLote)
        .values({ lote_id: v.loteId, autor_id: v.autorId, texto: v.texto, creada_en: v.ahora })
        .returning();
      await db.insert(alertasLotePacientes).values(v.pacientes.map((p) => ({ alerta_id: a!.id, paciente_id: p })));
      return a!;
    },

    /** The notices that reached a patient, newest first. */
    misAvisos: (pacienteId: number) =>
      filas<{ id: number; texto: string; creada_en: Date; producto: string; lote: string }>(sql`
        select a.id, a.texto, a.creada_en, pr.nombre as producto, l.numero as lote
        from alertas_lote_pacientes ap
          join alertas_lote a on a.id = ap.alerta_id
          join lotes l on l.id = a.lote_id
          join productos pr on pr.id = l.producto_id
        where ap.paciente_id = ${pacienteId} order by a.creada_en desc, a.id desc`),

    /** The product types a signed note applied, with its patient, doctor and the appointment's clinic day. */
    tiposDeNota: (evolucionId: number, zona: string) =>
      filas<{ tipo: TipoProducto; paciente_id: number; doctor_id: number; dia: string }>(sql`
        select distinct pr.tipo, e.paciente_id, e.autor_id as doctor_id,
          to_char(c.inicio at time zone ${zona}, 'YYYY-MM-DD') as dia
        from aplicaciones a
          join evoluciones e on e.id = a.evolucion_id
          join citas c on c.id = e.cita_id
          join lotes l on l.id = a.lote_id
          join productos pr on pr.id = l.producto_id
        where a.evolucion_id = ${evolucionId} and e.firmada_en is not null`),

    intervalos: (): Promise<IntervaloFila[]> => db.select().from(intervalosRetratamiento),

    async guardarIntervalo(v: Omit<IntervaloFila, 'actualizado_en'>, ahora: Date): Promise<void> {
      const { tipo, ...resto } = v;
      await db
        .insert(intervalosRetratamiento)
        .values({ ...v, actualizado_en: ahora })
        .onConflictDoUpdate({ target: intervalosRetratamiento.tipo, set: { ...resto, actualizado_en: ahora } });
      void tipo;
    },

    /** Rows already there (a note signed twice cannot happen; the unique index keeps it so anyway) are skipped. */
    crearRetratamientos: (v: (typeof retratamientos.$inferInsert)[]): Promise<RetratamientoFila[]> =>
      v.length ? db.insert(retratamientos).values(v).onConflictDoNothing().returning() : Promise.resolve([]),

    async retratamiento(id: number): Promise<(RetratamientoFila & Contacto & { doctor_nombre: string }) | undefined> {
      const [f] = await filas<RetratamientoFila & Contacto & { doctor_nombre: string }>(sql`
        select r.id, r.evolucion_id, r.doctor_id, r.tipo, r.aplicado_el::text as aplicado_el,
          r.desde_el::text as desde_el, r.hasta_el::text as hasta_el, r.recordado_en, r.cita_id,
          ${CONTACTO}, d.nombre as doctor_nombre
        from retratamientos r join usuarios p on p.id = r.paciente_id join usuarios d on d.id = r.doctor_id
        where r.id = ${id}`);
      return f;
    },

    /** A later application of the same type to the same patient replaces this one's reminder. */
    async hayPosterior(r: Pick<RetratamientoFila, 'id' | 'paciente_id' | 'tipo' | 'aplicado_el'>): Promise<boolean> {
      const [f] = await filas(sql`
        select 1 from retratamientos where paciente_id = ${r.paciente_id} and tipo = ${r.tipo}
          and (aplicado_el > ${r.aplicado_el}::date or (aplicado_el = ${r.aplicado_el}::date and id > ${r.id}))
        limit 1`);
      return !!f;
    },

    /** The patient's next appointment with the doctor that still stands, after `ahora`. */
    async citaFutura(pacienteId: number, doctorId: number, ahora: Date) {
      const [f] = await filas<{ id: number }>(sql`
        select c.id from citas c where c.paciente_id = ${pacienteId} and c.doctor_id = ${doctorId} and ${VIGENTE}
          and c.inicio > ${ahora.toISOString()}::timestamptz order by c.inicio limit 1`);
      return f;
    },

    /** Only the first run marks it: a second delivery of the same job finds it marked and sends nothing. */
    async marcarRecordado(id: number, ahora: Date): Promise<boolean> {
      const [f] = await filas(sql`
        update retratamientos set recordado_en = ${ahora.toISOString()}::timestamptz
        where id = ${id} and recordado_en is null returning id`);
      return !!f;
    },

    async vincularCita(id: number, citaId: number): Promise<void> {
      await db.execute(sql`update retratamientos set cita_id = ${citaId} where id = ${id} and cita_id is null`);
    },

    /**
     * The recall list. Rows a later application of the same type replaced are left out. Booked: the linked
     * appointment, or her next standing one with the doctor, for a row due within DIAS_ANTES days.
     */
    async lista(q: {
      estado: 'pendiente' | 'vencido' | 'agendado';
      hoy: string;
      ahora: Date;
      diasAntes: number;
      doctorId: number | undefined;
      limite: number;
      desplazamiento: number;
    }): Promise<{ items: RetratamientoListaFila[]; total: number }> {
      const base = sql`
        from retratamientos r
          join usuarios p on p.id = r.paciente_id
          join usuarios d on d.id = r.doctor_id
          left join lateral (
            select c.id, c.inicio from citas c
            where (c.id = r.cita_id or (c.paciente_id = r.paciente_id and c.doctor_id = r.doctor_id
              and c.inicio > ${q.ahora.toISOString()}::timestamptz))
              and ${VIGENTE}
            order by (c.id = r.cita_id) desc, c.inicio limit 1
          ) cp on true
        where not exists (
            select 1 from retratamientos r2 where r2.paciente_id = r.paciente_id and r2.tipo = r.tipo
              and (r2.aplicado_el > r.aplicado_el or (r2.aplicado_el = r.aplicado_el and r2.id > r.id)))
          and r.desde_el - ${q.diasAntes}::int <= ${q.hoy}::date
          ${q.doctorId ? sql`and r.doctor_id = ${q.doctorId}` : sql``}
          and ${
            q.estado === 'agendado'
              ? sql`cp.id is not null`
              : q.estado === 'pendiente'
                ? sql`cp.id is null and r.desde_el <= ${q.hoy}::date and r.hasta_el >= ${q.hoy}::date`
                : sql`cp.id is null and r.hasta_el < ${q.hoy}::date`
          }`;
      const [{ total } = { total: 0 }] = await filas<{ total: number }>(sql`select count(*)::int as total ${base}`);
      const items = await filas<RetratamientoListaFila>(sql`
        select r.id, r.evolucion_id, r.doctor_id, r.tipo, r.aplicado_el::text as aplicado_el,
          r.desde_el::text as desde_el, r.hasta_el::text as hasta_el, r.recordado_en, r.cita_id,
          ${CONTACTO}, d.nombre as doctor_nombre, cp.id as cita_proxima_id, cp.inicio as cita_inicio
        ${base}
        order by r.desde_el, r.id limit ${q.limite} offset ${q.desplazamiento}`);
      return { items, total };
    },
  };
}
export type TrazabilidadRepository = ReturnType<typeof createTrazabilidadRepository>;
