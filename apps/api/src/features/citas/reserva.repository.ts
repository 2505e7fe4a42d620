// The booking's SQL (decision 0031): the one read that checks a booking and reserves its ids (`contextoReserva`),
// the one statement that writes it all (`reservar`), and its idempotency keys. This file owns how many ids a booking
// reserves: one for the appointment and one per name of AVISOS_RESERVA, which the booking's service
// (reserva.service.ts) must compose a notification for, each under its own id (the types make both agree).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  auditoria,
  bandejaSalida,
  bloqueosAgenda,
  carritoItems,
  citas,
  horariosDoctor,
  idempotencia,
  notificaciones,
  usuarios,
} from '../../db/schema/index.ts';
import { filaAuditoria, type AuditEvent } from '../../platform/auditoria.repository.ts';
import { filasBandeja, type EfectoNuevo, type FilaBandeja } from '../../platform/bandeja.repository.ts';
import {
  COLUMNAS_PERSONA,
  doctor,
  paciente,
  proc,
  seleccion,
  type CitaDetalle,
  type NuevaCita,
} from './citas.repository.ts';
import { ventana } from './horarios.repository.ts';

/** The notifications every booking writes: one to the doctor, one to the patient, each under an id reserved here. */
export const AVISOS_RESERVA = ['doctor', 'paciente'] as const;
export type AvisoReserva = (typeof AVISOS_RESERVA)[number];
/** The ids `contextoReserva` takes from the sequences for a booking. */
export type IdsReserva = { cita: number; avisos: Record<AvisoReserva, number> };

/**
 * A booking as one statement writes it (`reservar`): the appointment under the id `contextoReserva` reserved, its
 * audit row, its notifications (ids reserved there too) and its effects; the cart items it covers go, and its
 * idempotency key is kept.
 */
export type Reserva = {
  cita: NuevaCita & { id: number };
  auditoria: AuditEvent;
  notificaciones: Record<AvisoReserva, typeof notificaciones.$inferInsert & { id: number }>;
  /** Effects and their claim (filasBandeja). */
  bandeja: { efectos: readonly EfectoNuevo[]; ahora: Date; reclamadaHasta: Date };
  carrito?: { usuarioId: number; procedimientoIds: number[] } | undefined;
  idempotencia?: { usuario_id: number; clave: string; huella: string } | undefined;
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
       procedimientos_solicitados, motivo, creada_por, anticipo_monto, reserva_vence_en)
      overriding system value values (${$('id')}, ${$('paciente_id')}, ${$('doctor_id')}, ${$('tipo')}, 'pendiente', ${$('inicio')}, ${$('fin')},
        ${$('ocupado_hasta')}, ${$('procedimiento_id')}, ${$('solicitados')}, ${$('motivo')}, ${$('creada_por')},
        ${$('anticipo_monto')}::int, ${$('reserva_vence_en')}::timestamptz)
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
      // The appointment's id, then one per notification of AVISOS_RESERVA, in its order.
      ids: sql<number[]>`(select array[
        nextval(pg_get_serial_sequence('citas', 'id')),
        ${sql.join(
          AVISOS_RESERVA.map(() => sql`nextval(pg_get_serial_sequence('notificaciones', 'id'))`),
          sql`, `,
        )}
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

export function createReservasRepository(db: Executor) {
  let reservarPreparada: ReturnType<typeof prepararReserva> | undefined;
  let contextoPreparado: ReturnType<typeof prepararContexto> | undefined;
  return {
    /**
     * What a booking checks and writes, in one round trip: both people, the doctor's hours that weekday, blocks
     * within [desde, hasta), and the ids the appointment and its notifications will have (taken from their
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
            terminos_aceptados_en: f.terminos_aceptados_en,
          }
        );
      };
      // Both rows carry the same hours, blocks and ids; with neither person found there is nothing to book anyway.
      const primera = filas[0];
      const [cita = 0, ...avisos] = primera?.ids ?? [];
      const ids: IdsReserva = {
        cita,
        avisos: Object.fromEntries(AVISOS_RESERVA.map((a, i) => [a, avisos[i] ?? 0])) as Record<AvisoReserva, number>,
      };
      return {
        ids,
        paciente: persona(o.pacienteId),
        doctor: persona(o.doctorId),
        horarios: (primera?.horarios ?? []).map((h) => ({ dia_semana: o.diaSemana, ...ventana(h) })),
        bloqueos: (primera?.bloqueos ?? []).map((b) => ({ inicio: new Date(b.inicio), fin: new Date(b.fin) })),
      };
    },

    /**
     * A whole booking in one statement, so one round trip (decision 0031): the appointment, its audit row, its
     * notifications and effects, the cart items it covers and its idempotency key, each a data-modifying CTE; the
     * exclusion constraints refuse an overlap for all of them at once. Answers the appointment as written (the CTE
     * named `citas` stands for the new row in the detail's own select) and the effects' rows.
     */
    async reservar(r: Reserva): Promise<{ cita: CitaDetalle; bandeja: FilaBandeja[] }> {
      const c = r.cita;
      const efectos = filasBandeja(r.bandeja.efectos, r.bandeja.ahora, r.bandeja.reclamadaHasta);
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
        anticipo_monto: c.anticipo_monto ?? null,
        reserva_vence_en: c.reserva_vence_en ?? null,
        auditoria: JSON.stringify(filaAuditoria(r.auditoria)),
        avisos: JSON.stringify(AVISOS_RESERVA.map((a) => r.notificaciones[a])),
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
          externo_id: null,
          entrega: null,
          entrega_en: null,
        })),
      };
    },

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
export type ReservasRepository = ReturnType<typeof createReservasRepository>;
