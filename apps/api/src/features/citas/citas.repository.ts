// SQL for appointments: their reads (one statement joining the people and procedures an appointment names), their
// changes, and what the booking rules read of people and procedures. The booking's own statement is in
// reserva.repository.ts, the doctors' hours and blocks in horarios.repository.ts; the overlap rules live in the
// database (0005_citas.sql).
// Over 400 lines since deposits added their reads and locks (issue 23.2): those (bloquearAnticipo, liberarReserva,
// the hold's reads) are the next part to move into an anticipos.repository.ts beside anticipos.ts.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { estadosCita, tiposCita, type EstadoCita } from '@clinica/contracts/citas';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { usuarioPorId } from '../../db/usuario-por-id.ts';
import { citas, pagos, pagosAnulaciones, paquetesPaciente, procedimientos, usuarios } from '../../db/schema/index.ts';

export type CitaFila = typeof citas.$inferSelect;
export type NuevaCita = Omit<typeof citas.$inferInsert, 'id' | 'creada_en' | 'actualizada_en'>;
export type CambiosCita = Partial<Omit<NuevaCita, 'paciente_id' | 'creada_por'>>;
/** A busy range of a doctor or a patient: [inicio, hasta). */
export type Ocupado = { inicio: Date; hasta: Date };

/** The exclusion constraints of 0005_citas.sql. */
export const CRUCE_DOCTOR = 'citas_doctor_sin_cruce';
export const CRUCE_PACIENTE = 'citas_paciente_sin_cruce';

// The patient and the doctor of each appointment, read by id for each row (see usuarioPorId); exported with the
// columns of the detail for the booking's statement, which answers the appointment as this select does.
export const paciente = usuarioPorId('paciente', citas.paciente_id);
export const doctor = usuarioPorId('doctor', citas.doctor_id);
export const proc = alias(procedimientos, 'proc');

const solicitados = sql<{ id: number; nombre: string }[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'nombre', p.nombre) order by p.nombre)
  from ${procedimientos} p where p.id = any(${citas.procedimientos_solicitados})
), '[]'::json)`;

/**
 * Whether a refund owed on the appointment (anticipo_destino = devolucion) was paid out: an approved, unvoided pagos
 * row of concepto devolucion other than credit (docs/dinero.md "Anticipos y política de cancelación").
 */
const devolucionPagada = sql<boolean>`(${citas.anticipo_destino} = 'devolucion' and exists (
  select 1 from ${pagos} p where p.cita_id = ${citas.id} and p.concepto = 'devolucion' and p.estado = 'aprobado'
    and p.metodo <> 'saldo_a_favor' and not exists (select 1 from ${pagosAnulaciones} a where a.pago_id = p.id)
))`;

export const seleccion = {
  id: citas.id,
  inicio: citas.inicio,
  fin: citas.fin,
  tipo: citas.tipo,
  estado: citas.estado,
  paciente_id: citas.paciente_id,
  paciente_nombre: paciente.nombre,
  paciente_correo: paciente.correo,
  paciente_telefono: paciente.telefono,
  paciente_documento: paciente.numerodocumento,
  doctor_id: citas.doctor_id,
  doctor_nombre: doctor.nombre,
  procedimiento_id: citas.procedimiento_id,
  procedimiento_nombre: proc.nombre,
  procedimientos_solicitados: solicitados,
  motivo: citas.motivo,
  observaciones: citas.observaciones,
  motivo_cancelacion: citas.motivo_cancelacion,
  causa_cancelacion: citas.causa_cancelacion,
  anticipo_monto: citas.anticipo_monto,
  reserva_vence_en: citas.reserva_vence_en,
  anticipo_destino: citas.anticipo_destino,
  devolucion_pagada: devolucionPagada,
  secuencia_calendario: citas.secuencia_calendario,
  confirmada_via: citas.confirmada_via,
  confirmada_en: citas.confirmada_en,
  creada_en: citas.creada_en,
  actualizada_en: citas.actualizada_en,
};
export type CitaDetalle = {
  id: number;
  inicio: Date;
  fin: Date;
  tipo: CitaFila['tipo'];
  estado: CitaFila['estado'];
  paciente_id: number;
  paciente_nombre: string;
  paciente_correo: string | null;
  paciente_telefono: string | null;
  paciente_documento: string;
  doctor_id: number;
  doctor_nombre: string;
  procedimiento_id: number | null;
  procedimiento_nombre: string | null;
  procedimientos_solicitados: { id: number; nombre: string }[];
  motivo: string | null;
  observaciones: string | null;
  motivo_cancelacion: string | null;
  causa_cancelacion: CitaFila['causa_cancelacion'];
  anticipo_monto: number | null;
  reserva_vence_en: Date | null;
  anticipo_destino: CitaFila['anticipo_destino'];
  devolucion_pagada: boolean | null;
  secuencia_calendario: number;
  /** How and when it became confirmada (issue 25.3; null before migration 0030 and while not confirmed). */
  confirmada_via: CitaFila['confirmada_via'];
  confirmada_en: Date | null;
  creada_en: Date;
  actualizada_en: Date;
};

export type FiltroCitas = {
  pacienteId?: number | undefined;
  doctorId?: number | undefined;
  estado?: CitaFila['estado'] | undefined;
  tipo?: CitaFila['tipo'] | undefined;
  desde?: Date | undefined;
  hasta?: Date | undefined;
  buscar?: string | undefined;
  limite: number;
  /** Rows to skip (pagination). */
  offset?: number | undefined;
  orden: 'reciente' | 'cronologico';
};
type Condiciones = Omit<FiltroCitas, 'limite' | 'offset' | 'orden'>;

const contiene = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The WHERE of a list and of its count (the patient's name is searched through the `paciente` join). `paraContar`:
 * the matching patients go in as an array, so the capped count is an index-only scan of citas_paciente_inicio_idx
 * (a semi-join there hashes every appointment: 75 ms against 11 ms with 1M, bench/results/citas.md); the list keeps
 * the semi-join, which walks the newest appointments first and stops at the page.
 */
function condiciones(f: Condiciones, paraContar = false): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.pacienteId !== undefined) c.push(eq(citas.paciente_id, f.pacienteId));
  if (f.doctorId !== undefined) c.push(eq(citas.doctor_id, f.doctorId));
  if (f.estado) c.push(eq(citas.estado, f.estado));
  if (f.tipo) c.push(eq(citas.tipo, f.tipo));
  if (f.desde) c.push(gte(citas.inicio, f.desde));
  if (f.hasta) c.push(lt(citas.inicio, f.hasta));
  if (f.buscar) {
    // SPEC 5: id, type, status or the patient's name. Types and states are a fixed list, matched here; the
    // name through the patients it matches (their stored nombre_busqueda, trigram index usuarios_nombre_trgm),
    // never by comparing every appointment's joined name (seconds with 1M appointments, bench/results/citas.md).
    // A name alone is a semi-join; with an id, type or status too, the patients go in as an array so an index
    // serves each branch of the OR.
    const q = f.buscar;
    const minus = q.toLowerCase();
    const tipos = tiposCita.filter((t) => t.includes(minus));
    const estados = estadosCita.filter((e) => e.includes(minus));
    const id = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
    const pacientes = sql`select ${usuarios.id} from ${usuarios} where ${usuarios.nombre_busqueda} like lower(f_unaccent(${contiene(q)}))`;
    c.push(
      tipos.length || estados.length || id !== undefined || paraContar
        ? or(
            sql`${citas.paciente_id} = any(array(${pacientes}))`,
            tipos.length ? inArray(citas.tipo, tipos) : undefined,
            estados.length ? inArray(citas.estado, estados) : undefined,
            id !== undefined ? eq(citas.id, id) : undefined,
          )
        : sql`${citas.paciente_id} in (${pacientes})`,
    );
  }
  return and(...c);
}

/**
 * Appointments not cancelled whose [inicio, fin) crosses [desde, hasta), but `excepto` (the one being moved). A literal
 * state, not a parameter: a generic plan (PGlite reuses prepared statements) can then match the partial indexes'
 * WHERE estado <> 'cancelada'; the range overlap is the exclusion constraints' own expression.
 */
const vivasQueCruzan = (
  fin: typeof citas.fin | typeof citas.ocupado_hasta,
  desde: Date,
  hasta: Date,
  excepto?: number,
) =>
  and(
    sql`${citas.estado} <> 'cancelada'`,
    sql`tstzrange(${citas.inicio}, ${fin}, '[)') && tstzrange(${desde}, ${hasta}, '[)')`,
    excepto ? ne(citas.id, excepto) : undefined,
  );

/** What the booking rules read of a procedure: its length, margin, age and evaluation rules, whether it is offered. */
const COLUMNAS_PROCEDIMIENTO = {
  id: procedimientos.id,
  nombre: procedimientos.nombre,
  duracion_minutos: procedimientos.duracion_minutos,
  margen_minutos: procedimientos.margen_minutos,
  requiere_evaluacion: procedimientos.requiere_evaluacion,
  edad_minima: procedimientos.edad_minima,
  activo: procedimientos.activo,
  /** Its price and deposit rule: a booking fixes the deposit it owes (issue 23, item 2). */
  precio: procedimientos.precio,
  anticipo_tipo: procedimientos.anticipo_tipo,
  anticipo_valor: procedimientos.anticipo_valor,
};

/** What the booking rules read of a patient or a doctor. */
export const COLUMNAS_PERSONA = {
  id: usuarios.id,
  nombre: usuarios.nombre,
  rol: usuarios.rol,
  estado: usuarios.estado,
  fecha_nacimiento: usuarios.fecha_nacimiento,
  /** Ley 1581 de 2012: when she authorised the processing of her data (null: never). */
  terminos_aceptados_en: usuarios.terminos_aceptados_en,
};

export function createCitasRepository(db: Executor) {
  const detalle = () =>
    db
      .select(seleccion)
      .from(citas)
      .innerJoinLateral(paciente, sql`true`)
      .innerJoinLateral(doctor, sql`true`)
      .leftJoin(proc, eq(proc.id, citas.procedimiento_id))
      .$dynamic();

  return {
    async buscar(id: number): Promise<CitaDetalle | undefined> {
      const [fila] = await detalle().where(eq(citas.id, id)).limit(1);
      return fila as CitaDetalle | undefined;
    },

    /**
     * Changes the row only while it is still in the state the caller checked (`estadoPrevio`): a concurrent change
     * committed first makes this one wait, re-read the row and find nothing to change. False when nothing changed.
     */
    async actualizar(id: number, cambios: CambiosCita, ahora: Date, estadoPrevio: EstadoCita): Promise<boolean> {
      const filas = await db
        .update(citas)
        .set({ ...cambios, actualizada_en: ahora })
        .where(and(eq(citas.id, id), eq(citas.estado, estadoPrevio)))
        .returning({ id: citas.id });
      return filas.length > 0;
    },

    // ---- deposits (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación") ----

    /**
     * Whether the patient has a package of this procedure with a session left, usable on `dia` (its expiry plus the
     * grace days, `usableDesde` = dia - grace): such a booking owes no deposit, the package paid for it.
     */
    async tienePaqueteVigente(pacienteId: number, procedimientoId: number, usableDesde: string): Promise<boolean> {
      const [f] = await db
        .select({ id: paquetesPaciente.id })
        .from(paquetesPaciente)
        .where(
          and(
            eq(paquetesPaciente.paciente_id, pacienteId),
            eq(paquetesPaciente.procedimiento_id, procedimientoId),
            lt(paquetesPaciente.sesiones_usadas, paquetesPaciente.sesiones_total),
            gte(paquetesPaciente.vence_el, usableDesde),
          ),
        )
        .limit(1);
      return !!f;
    },

    /**
     * The appointment's deposit columns, its row locked until the transaction ends: the hold's expiry, a payment of
     * the deposit and a cancellation each take it first, so exactly one of them decides.
     */
    async bloquearAnticipo(id: number) {
      const [f] = await db
        .select(columnasDe(citas, 'id', 'estado', 'inicio', 'paciente_id', 'anticipo_monto', 'reserva_vence_en'))
        .from(citas)
        .where(eq(citas.id, id))
        .for('update');
      return f;
    },

    /** The deposit was paid: the hold ends (the appointment keeps its slot). False when there was no hold. */
    async liberarReserva(id: number): Promise<boolean> {
      const filas = await db
        .update(citas)
        .set({ reserva_vence_en: null })
        .where(and(eq(citas.id, id), sql`${citas.reserva_vence_en} is not null`))
        .returning({ id: citas.id });
      return filas.length > 0;
    },

    /** A deposit's payment was voided: the deposit is owed again until `venceEn` (only if no hold stands). */
    async reabrirReserva(id: number, venceEn: Date): Promise<boolean> {
      const filas = await db
        .update(citas)
        .set({ reserva_vence_en: venceEn })
        .where(and(eq(citas.id, id), sql`${citas.reserva_vence_en} is null`))
        .returning({ id: citas.id });
      return filas.length > 0;
    },

    /** The deposit paid for the appointment (approved, unvoided payments of concepto anticipo) and its last method. */
    async anticipoCobrado(id: number): Promise<{ monto: number; metodo: string | null }> {
      const [f] = await db
        .select({
          monto: sql<number>`coalesce(sum(${pagos.monto}), 0)::int`,
          metodo: sql<string | null>`(array_agg(${pagos.metodo} order by ${pagos.id} desc))[1]`,
        })
        .from(pagos)
        .leftJoin(pagosAnulaciones, eq(pagosAnulaciones.pago_id, pagos.id))
        .where(
          and(
            eq(pagos.cita_id, id),
            eq(pagos.concepto, 'anticipo'),
            eq(pagos.estado, 'aprobado'),
            sql`${pagosAnulaciones.pago_id} is null`,
          ),
        );
      return { monto: f?.monto ?? 0, metodo: f?.metodo ?? null };
    },

    /** What the cancellation policy did with the paid deposit (set once, with the cancellation). */
    async destinoAnticipo(id: number, destino: NonNullable<CitaFila['anticipo_destino']>): Promise<void> {
      await db.update(citas).set({ anticipo_destino: destino }).where(eq(citas.id, id));
    },

    /** The desk: active assistants and administrators (told when a hold expires). */
    async personalDeCaja(): Promise<number[]> {
      const filas = await db
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(and(inArray(usuarios.rol, ['asistente', 'administrador']), eq(usuarios.estado, true)));
      return filas.map((f) => f.id);
    },

    /** The next SEQUENCE of the appointment's calendar event, taken in the caller's transaction. */
    async siguienteSecuencia(id: number): Promise<number> {
      const [fila] = await db
        .update(citas)
        .set({ secuencia_calendario: sql`${citas.secuencia_calendario} + 1` })
        .where(eq(citas.id, id))
        .returning({ secuencia: citas.secuencia_calendario });
      return fila!.secuencia;
    },

    async listar(f: FiltroCitas): Promise<CitaDetalle[]> {
      const filas = await detalle()
        .where(condiciones(f))
        .orderBy(
          f.orden === 'reciente' ? desc(citas.inicio) : asc(citas.inicio),
          f.orden === 'reciente' ? desc(citas.id) : asc(citas.id),
        )
        .limit(f.limite)
        .offset(f.offset ?? 0);
      return filas as CitaDetalle[];
    },

    /**
     * How many appointments match the filters (the total of a paginated list), counting at most `tope` + 1: an
     * answer above `tope` means "more than tope". The name search reads the patients in a subquery of its own.
     */
    async contar(f: Condiciones, tope: number): Promise<number> {
      const coinciden = db
        .select({ uno: sql`1` })
        .from(citas)
        .where(condiciones(f, true))
        .limit(tope + 1)
        .as('coinciden');
      const [fila] = await db.select({ n: count() }).from(coinciden);
      return fila?.n ?? 0;
    },

    /** Whether the doctor has (had) any appointment with this patient. */
    async doctorAtiende(doctorId: number, pacienteId: number): Promise<boolean> {
      const [f] = await db
        .select({ id: citas.id })
        .from(citas)
        .where(and(eq(citas.doctor_id, doctorId), eq(citas.paciente_id, pacienteId)))
        .limit(1);
      return !!f;
    },

    async pacientesDe(doctorId: number) {
      return db
        .select({
          ...columnasDe(usuarios, 'id', 'nombre', 'correo', 'telefono'),
          total_citas: sql<number>`count(*)::int`,
          ultima_cita: sql<Date>`max(${citas.inicio})`.mapWith(citas.inicio),
        })
        .from(citas)
        .innerJoin(usuarios, eq(usuarios.id, citas.paciente_id))
        .where(eq(citas.doctor_id, doctorId))
        .groupBy(usuarios.id)
        .orderBy(asc(usuarios.nombre));
    },

    /**
     * Busy ranges of doctors (with margins) in [desde, hasta), non-cancelled. The overlap is written as the
     * exclusion constraint's own expression so its GiST index (citas_doctor_sin_cruce) finds the month's ranges:
     * `inicio < hasta and ocupado_hasta > desde` could only bound inicio, and read the doctor's whole history
     * (10,000 appointments: 11 ms against 0.5–2.5 ms, bench/results/citas.md).
     */
    async ocupadoDoctores(doctorIds: number[], desde: Date, hasta: Date, excepto?: number) {
      if (!doctorIds.length) return [];
      return db
        .select({ doctor_id: citas.doctor_id, inicio: citas.inicio, hasta: citas.ocupado_hasta })
        .from(citas)
        .where(and(inArray(citas.doctor_id, doctorIds), vivasQueCruzan(citas.ocupado_hasta, desde, hasta, excepto)));
    },

    /** A patient's appointments in [desde, hasta), as above through citas_paciente_sin_cruce (no margins: hers). */
    async ocupadoPaciente(pacienteId: number, desde: Date, hasta: Date, excepto?: number): Promise<Ocupado[]> {
      return db
        .select({ inicio: citas.inicio, hasta: citas.fin })
        .from(citas)
        .where(and(eq(citas.paciente_id, pacienteId), vivasQueCruzan(citas.fin, desde, hasta, excepto)));
    },

    /**
     * The appointments still to come (pending or confirmed, starting after `ahora`) a patient booked herself: what
     * staff booked for her is the clinic's decision and does not count.
     */
    async citasPorVenir(pacienteId: number, ahora: Date): Promise<number> {
      const [f] = await db
        .select({ n: count() })
        .from(citas)
        .where(
          and(
            eq(citas.paciente_id, pacienteId),
            eq(citas.creada_por, pacienteId),
            inArray(citas.estado, ['pendiente', 'confirmada']),
            gt(citas.inicio, ahora),
          ),
        );
      return f?.n ?? 0;
    },

    async tieneEvaluacionRealizada(pacienteId: number): Promise<boolean> {
      const [f] = await db
        .select({ id: citas.id })
        .from(citas)
        .where(and(eq(citas.paciente_id, pacienteId), eq(citas.tipo, 'evaluacion'), eq(citas.estado, 'realizada')))
        .limit(1);
      return !!f;
    },

    // ---- people and procedures the rules need ----
    async persona(id: number) {
      const [f] = await db.select(COLUMNAS_PERSONA).from(usuarios).where(eq(usuarios.id, id)).limit(1);
      return f;
    },

    async doctoresActivos(): Promise<{ id: number; nombre: string }[]> {
      return db
        .select({ id: usuarios.id, nombre: usuarios.nombre })
        .from(usuarios)
        .where(and(eq(usuarios.rol, 'doctor'), eq(usuarios.estado, true)))
        .orderBy(asc(usuarios.nombre));
    },

    procedimiento: (id: number) => filaPorId(db, procedimientos, id, COLUMNAS_PROCEDIMIENTO),
  };
}
export type CitasRepository = ReturnType<typeof createCitasRepository>;
