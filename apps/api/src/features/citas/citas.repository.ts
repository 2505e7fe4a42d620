// SQL for appointments, doctors' weekly hours, agenda blocks and idempotency keys. Reads join the people and
// procedures an appointment names, in one statement; the overlap rules live in the database (0005_citas.sql).
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { estadosCita, tiposCita, type EstadoCita } from '@clinica/contracts/citas';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { usuarioPorId } from '../../db/usuario-por-id.ts';
import {
  auditoria,
  bandejaSalida,
  bloqueosAgenda,
  carritoItems,
  citas,
  horariosDoctor,
  idempotencia,
  notificaciones,
  procedimientos,
  usuarios,
} from '../../db/schema/index.ts';
import { filaAuditoria, type AuditEvent } from '../../platform/auditoria.repository.ts';
import { filasBandeja, type EfectoNuevo, type FilaBandeja } from '../../platform/bandeja.repository.ts';

export type CitaFila = typeof citas.$inferSelect;
export type NuevaCita = Omit<typeof citas.$inferInsert, 'id' | 'creada_en' | 'actualizada_en'>;
/**
 * A booking as one statement writes it (`reservar`): the appointment under the id `contextoReserva` reserved, its
 * audit row, its notifications (ids reserved there too) and, unless the caller's transaction enqueues them, its
 * effects; the cart items it covers go, and its idempotency key is kept.
 */
export type Reserva = {
  cita: NuevaCita & { id: number };
  auditoria: AuditEvent;
  notificaciones: (typeof notificaciones.$inferInsert & { id: number })[];
  /** Effects and their claim (filasBandeja); absent when the caller's transaction enqueues them itself. */
  bandeja?: { efectos: readonly EfectoNuevo[]; ahora: Date; reclamadaHasta: Date } | undefined;
  carrito?: { usuarioId: number; procedimientoIds: number[] } | undefined;
  idempotencia?: { usuario_id: number; clave: string; huella: string } | undefined;
};
export type CambiosCita = Partial<Omit<NuevaCita, 'paciente_id' | 'creada_por'>>;
export type HorarioFila = { dia_semana: number; hora_inicio: string; hora_fin: string };
export type BloqueoFila = typeof bloqueosAgenda.$inferSelect;
/** A busy range of a doctor or a patient: [inicio, hasta). */
export type Ocupado = { inicio: Date; hasta: Date };

/** The exclusion constraints of 0005_citas.sql. */
export const CRUCE_DOCTOR = 'citas_doctor_sin_cruce';
export const CRUCE_PACIENTE = 'citas_paciente_sin_cruce';

// The patient and the doctor of each appointment, read by id for each row (see usuarioPorId).
const paciente = usuarioPorId('paciente', citas.paciente_id);
const doctor = usuarioPorId('doctor', citas.doctor_id);
const proc = alias(procedimientos, 'proc');

const solicitados = sql<{ id: number; nombre: string }[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'nombre', p.nombre) order by p.nombre)
  from ${procedimientos} p where p.id = any(${citas.procedimientos_solicitados})
), '[]'::json)`;

const seleccion = {
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
  secuencia_calendario: citas.secuencia_calendario,
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
  secuencia_calendario: number;
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

/** What the booking rules read of a patient or a doctor. */
const COLUMNAS_PERSONA = {
  id: usuarios.id,
  nombre: usuarios.nombre,
  rol: usuarios.rol,
  estado: usuarios.estado,
  fecha_nacimiento: usuarios.fecha_nacimiento,
};

/** What the database chose for an effect's row (json_build_object writes the timestamp as text). */
type ElegidoJson = { id: number; creada_en: string };

const $ = sql.placeholder;
/**
 * The statement of `reservar`, built once per connection's repository and prepared by name: its shape never
 * changes (the notifications and effects arrive as one JSON array each, the cart and the key may be empty), so
 * PostgreSQL parses and plans it once per connection instead of once per booking (bench/results/perfil.md).
 */
function prepararReserva(db: Executor) {
  const ctes = [
    db.$with('citas', {}).as(sql`insert into ${citas}
      (id, paciente_id, doctor_id, tipo, estado, inicio, fin, ocupado_hasta, procedimiento_id,
       procedimientos_solicitados, motivo, creada_por)
      overriding system value values (${$('id')}, ${$('paciente_id')}, ${$('doctor_id')}, ${$('tipo')}, 'pendiente', ${$('inicio')}, ${$('fin')},
        ${$('ocupado_hasta')}, ${$('procedimiento_id')}, ${$('solicitados')}, ${$('motivo')}, ${$('creada_por')})
      returning *`),
    db.$with('auditada', {}).as(sql`insert into ${auditoria}
      (usuario_id, accion, recurso, recurso_id, resultado, ip, agente, detalle)
      select usuario_id, accion, recurso, recurso_id, resultado, ip, agente, detalle
      from jsonb_populate_record(null::auditoria, ${$('auditoria')}::jsonb)`),
    db.$with('avisada', {}).as(sql`insert into ${notificaciones}
      (id, usuario_id, tipo, mensaje, cita_id, ruta, creada_en)
      overriding system value select id, usuario_id, tipo, mensaje, cita_id, ruta, creada_en
      from jsonb_populate_recordset(null::notificaciones, ${$('avisos')}::jsonb)`),
    db.$with('encolada', {}).as(sql`insert into ${bandejaSalida}
      (tipo, carga, disponible_en, intentos, reclamada_hasta)
      select tipo, carga, disponible_en, intentos, reclamada_hasta
      from jsonb_populate_recordset(null::bandeja_salida, ${$('bandeja')}::jsonb)
      returning *`),
    db.$with('cubierta', {}).as(sql`delete from ${carritoItems}
      where usuario_id = ${$('carrito_usuario')}::int and procedimiento_id = any(${$('carrito_ids')}::int[])`),
    db.$with('recordada', {}).as(sql`insert into ${idempotencia} (usuario_id, clave, huella, cita_id)
      select ${$('clave_usuario')}::int, ${$('clave')}::text, ${$('huella')}::text, ${$('id')}::int
      where ${$('clave')}::text is not null`),
  ];
  return db
    .with(...ctes)
    .select({
      ...seleccion,
      // Only what the database chose for each effect (the rest, e-mails included, is already in memory).
      bandeja: sql<ElegidoJson[] | null>`(select json_agg(json_build_object('id', e.id, 'creada_en', e.creada_en)
        order by e.id) from encolada e)`,
    })
    .from(citas)
    .innerJoinLateral(paciente, sql`true`)
    .innerJoinLateral(doctor, sql`true`)
    .leftJoin(proc, eq(proc.id, citas.procedimiento_id))
    .prepare('cita_reservar');
}

/** The read of `contextoReserva`, prepared by name like `prepararReserva`. */
function prepararContexto(db: Executor) {
  return db
    .select({
      ...COLUMNAS_PERSONA,
      correo: usuarios.correo,
      // Uncorrelated subqueries: evaluated once for the statement, not once per row.
      ids: sql<number[]>`(select array[
        nextval(pg_get_serial_sequence('citas', 'id')),
        nextval(pg_get_serial_sequence('notificaciones', 'id')),
        nextval(pg_get_serial_sequence('notificaciones', 'id'))
      ]::int[])`,
      horarios: sql<{ hora_inicio: string; hora_fin: string }[]>`coalesce((
        select json_agg(json_build_object('hora_inicio', h.hora_inicio, 'hora_fin', h.hora_fin) order by h.hora_inicio)
        from ${horariosDoctor} h where h.doctor_id = ${$('doctor')}::int and h.dia_semana = ${$('dia')}::int
      ), '[]'::json)`,
      bloqueos: sql<{ inicio: string; fin: string }[]>`coalesce((
        select json_agg(json_build_object('inicio', b.inicio, 'fin', b.fin))
        from ${bloqueosAgenda} b
        where b.doctor_id = ${$('doctor')}::int and b.inicio < ${$('hasta')}::timestamptz
          and b.fin > ${$('desde')}::timestamptz
      ), '[]'::json)`,
    })
    .from(usuarios)
    .where(inArray(usuarios.id, [$('paciente'), $('doctor')]))
    .prepare('cita_contexto_reserva');
}

export function createCitasRepository(db: Executor) {
  let reservarPreparada: ReturnType<typeof prepararReserva> | undefined;
  let contextoPreparado: ReturnType<typeof prepararContexto> | undefined;
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

    /** The row locked for an update in this transaction. */
    async bloquear(id: number): Promise<CitaFila | undefined> {
      const [fila] = await db.select().from(citas).where(eq(citas.id, id)).for('update');
      return fila;
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
          id: usuarios.id,
          nombre: usuarios.nombre,
          correo: usuarios.correo,
          telefono: usuarios.telefono,
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
        .where(
          and(
            inArray(citas.doctor_id, doctorIds),
            // A literal, not a parameter: a generic plan (PGlite reuses prepared statements) can then match the
            // partial index's WHERE estado <> 'cancelada'.
            sql`${citas.estado} <> 'cancelada'`,
            sql`tstzrange(${citas.inicio}, ${citas.ocupado_hasta}, '[)') && tstzrange(${desde}, ${hasta}, '[)')`,
            excepto ? ne(citas.id, excepto) : undefined,
          ),
        );
    },

    async ocupadoPaciente(pacienteId: number, desde: Date, hasta: Date, excepto?: number): Promise<Ocupado[]> {
      return db
        .select({ inicio: citas.inicio, hasta: citas.fin })
        .from(citas)
        .where(
          and(
            eq(citas.paciente_id, pacienteId),
            sql`${citas.estado} <> 'cancelada'`,
            // As above, through citas_paciente_sin_cruce.
            sql`tstzrange(${citas.inicio}, ${citas.fin}, '[)') && tstzrange(${desde}, ${hasta}, '[)')`,
            excepto ? ne(citas.id, excepto) : undefined,
          ),
        );
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
    /** Ley 1581 de 2012: whether the patient authorised the processing of her data. */
    async tieneAutorizacionDatos(pacienteId: number): Promise<boolean> {
      const [f] = await db
        .select({ en: usuarios.terminos_aceptados_en })
        .from(usuarios)
        .where(eq(usuarios.id, pacienteId))
        .limit(1);
      return !!f?.en;
    },

    async persona(id: number) {
      const [f] = await db.select(COLUMNAS_PERSONA).from(usuarios).where(eq(usuarios.id, id)).limit(1);
      return f;
    },

    /**
     * What a booking checks and writes, in one round trip: both people, the doctor's hours that weekday, blocks
     * within [desde, hasta), and the ids the appointment and its two notifications will have (taken from their
     * sequences now, so the whole booking is then one statement: `reservar`). A refused booking leaves a gap in
     * the ids, as a rolled-back one always did.
     */
    async contextoReserva(o: { pacienteId: number; doctorId: number; diaSemana: number; desde: Date; hasta: Date }) {
      const filas = await (contextoPreparado ??= prepararContexto(db)).execute({
        paciente: o.pacienteId,
        doctor: o.doctorId,
        dia: o.diaSemana,
        desde: o.desde.toISOString(),
        hasta: o.hasta.toISOString(),
      });
      const persona = (id: number) => {
        const f = filas.find((x) => x.id === id);
        return (
          f && {
            id: f.id,
            nombre: f.nombre,
            correo: f.correo,
            rol: f.rol,
            estado: f.estado,
            fecha_nacimiento: f.fecha_nacimiento,
          }
        );
      };
      // Both rows carry the same hours, blocks and ids; with neither person found there is nothing to book anyway.
      const primera = filas[0];
      const [citaId = 0, ...avisoIds] = primera?.ids ?? [];
      return {
        citaId,
        avisoIds,
        paciente: persona(o.pacienteId),
        doctor: persona(o.doctorId),
        horarios: (primera?.horarios ?? []).map((h) => ({
          dia_semana: o.diaSemana,
          // PostgreSQL answers time as 'HH:MM:SS'.
          hora_inicio: h.hora_inicio.slice(0, 5),
          hora_fin: h.hora_fin.slice(0, 5),
        })),
        bloqueos: (primera?.bloqueos ?? []).map((b) => ({ inicio: new Date(b.inicio), fin: new Date(b.fin) })),
      };
    },

    async doctoresActivos(): Promise<{ id: number; nombre: string }[]> {
      return db
        .select({ id: usuarios.id, nombre: usuarios.nombre })
        .from(usuarios)
        .where(and(eq(usuarios.rol, 'doctor'), eq(usuarios.estado, true)))
        .orderBy(asc(usuarios.nombre));
    },

    async procedimiento(id: number) {
      const [f] = await db
        .select({
          id: procedimientos.id,
          nombre: procedimientos.nombre,
          duracion_minutos: procedimientos.duracion_minutos,
          margen_minutos: procedimientos.margen_minutos,
          requiere_evaluacion: procedimientos.requiere_evaluacion,
          edad_minima: procedimientos.edad_minima,
          activo: procedimientos.activo,
        })
        .from(procedimientos)
        .where(eq(procedimientos.id, id))
        .limit(1);
      return f;
    },

    // ---- hours and blocks ----
    async horarios(doctorIds: number[]): Promise<(HorarioFila & { doctor_id: number })[]> {
      if (!doctorIds.length) return [];
      const filas = await db
        .select({
          doctor_id: horariosDoctor.doctor_id,
          dia_semana: horariosDoctor.dia_semana,
          hora_inicio: horariosDoctor.hora_inicio,
          hora_fin: horariosDoctor.hora_fin,
        })
        .from(horariosDoctor)
        .where(inArray(horariosDoctor.doctor_id, doctorIds))
        .orderBy(asc(horariosDoctor.dia_semana), asc(horariosDoctor.hora_inicio));
      // PostgreSQL answers time as 'HH:MM:SS'.
      return filas.map((f) => ({ ...f, hora_inicio: f.hora_inicio.slice(0, 5), hora_fin: f.hora_fin.slice(0, 5) }));
    },

    async reemplazarHorarios(doctorId: number, horarios: HorarioFila[]): Promise<void> {
      await db.delete(horariosDoctor).where(eq(horariosDoctor.doctor_id, doctorId));
      if (horarios.length) await db.insert(horariosDoctor).values(horarios.map((h) => ({ ...h, doctor_id: doctorId })));
    },

    async bloqueos(doctorIds: number[], desde: Date, hasta: Date): Promise<BloqueoFila[]> {
      if (!doctorIds.length) return [];
      return db
        .select()
        .from(bloqueosAgenda)
        .where(
          and(
            inArray(bloqueosAgenda.doctor_id, doctorIds),
            lt(bloqueosAgenda.inicio, hasta),
            gt(bloqueosAgenda.fin, desde),
          ),
        )
        .orderBy(asc(bloqueosAgenda.inicio));
    },

    async crearBloqueo(v: { doctor_id: number; inicio: Date; fin: Date; motivo: string; creado_por: number }) {
      const [f] = await db.insert(bloqueosAgenda).values(v).returning();
      return f!;
    },

    async eliminarBloqueo(doctorId: number, id: number): Promise<boolean> {
      const filas = await db
        .delete(bloqueosAgenda)
        .where(and(eq(bloqueosAgenda.id, id), eq(bloqueosAgenda.doctor_id, doctorId)))
        .returning({ id: bloqueosAgenda.id });
      return filas.length > 0;
    },

    /**
     * A whole booking in one statement, so one round trip (decision 0031): the appointment, its audit row, its
     * notifications and effects, the cart items it covers and its idempotency key, each a data-modifying CTE; the
     * exclusion constraints refuse an overlap for all of them at once. Answers the appointment as written (the CTE
     * named `citas` stands for the new row in the detail's own select) and the effects' rows.
     */
    async reservar(r: Reserva): Promise<{ cita: CitaDetalle; bandeja: FilaBandeja[] }> {
      const c = r.cita;
      const efectos = r.bandeja ? filasBandeja(r.bandeja.efectos, r.bandeja.ahora, r.bandeja.reclamadaHasta) : [];
      const [fila] = await (reservarPreparada ??= prepararReserva(db)).execute({
        id: c.id,
        paciente_id: c.paciente_id,
        doctor_id: c.doctor_id,
        tipo: c.tipo,
        inicio: c.inicio,
        fin: c.fin,
        ocupado_hasta: c.ocupado_hasta,
        procedimiento_id: c.procedimiento_id ?? null,
        solicitados: c.procedimientos_solicitados ?? [],
        motivo: c.motivo ?? null,
        creada_por: c.creada_por ?? null,
        auditoria: JSON.stringify(filaAuditoria(r.auditoria)),
        avisos: JSON.stringify(r.notificaciones),
        bandeja: JSON.stringify(efectos.map((e) => ({ intentos: 0, ...e }))),
        carrito_usuario: r.carrito?.usuarioId ?? null,
        carrito_ids: r.carrito?.procedimientoIds ?? [],
        clave: r.idempotencia?.clave ?? null,
        huella: r.idempotencia?.huella ?? null,
        clave_usuario: r.idempotencia?.usuario_id ?? null,
      });
      const { bandeja, ...cita } = fila!;
      // Identity values follow the order of the rows inserted, which is the order of `efectos`.
      const elegidos = bandeja ?? [];
      if (elegidos.length !== efectos.length) throw new Error('la reserva no escribió todos sus efectos');
      return {
        cita: cita as CitaDetalle,
        bandeja: efectos.map((e, i) => ({
          id: elegidos[i]!.id,
          tipo: e.tipo,
          carga: e.carga,
          creada_en: new Date(elegidos[i]!.creada_en),
          disponible_en: e.disponible_en as Date,
          intentos: e.intentos ?? 0,
          reclamada_hasta: e.reclamada_hasta ?? null,
          entregada_en: null,
          ultimo_error: null,
        })),
      };
    },

    // ---- idempotency ----
    async idempotencia(usuarioId: number, clave: string) {
      const [f] = await db
        .select()
        .from(idempotencia)
        .where(and(eq(idempotencia.usuario_id, usuarioId), eq(idempotencia.clave, clave)))
        .limit(1);
      return f;
    },
  };
}
export type CitasRepository = ReturnType<typeof createCitasRepository>;
