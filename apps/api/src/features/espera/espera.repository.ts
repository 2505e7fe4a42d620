// SQL of the waitlist (issue 25, item 1; docs/espera.md): entries, the offers made to them, the candidates for a
// freed slot in order of joining, and the per-doctor lock that keeps two matchers from offering one slot twice.
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { listaEspera, ofertasEspera, procedimientos, usuarios } from '../../db/schema/index.ts';

export type EntradaFila = typeof listaEspera.$inferSelect;
export type OfertaFila = typeof ofertasEspera.$inferSelect;
export type NuevaEntrada = typeof listaEspera.$inferInsert;
export type NuevaOferta = typeof ofertasEspera.$inferInsert;

const pac = alias(usuarios, 'pac');
const doc = alias(usuarios, 'doc');
const odoc = alias(usuarios, 'odoc');
const quien = alias(usuarios, 'quien');

/** An entry as the screens show it (its offers read apart). */
const COLUMNAS_ENTRADA = {
  id: listaEspera.id,
  paciente_id: listaEspera.paciente_id,
  paciente_nombre: pac.nombre,
  paciente_telefono: pac.telefono,
  paciente_correo: pac.correo,
  tipo: listaEspera.tipo,
  procedimiento_id: listaEspera.procedimiento_id,
  procedimiento_nombre: procedimientos.nombre,
  doctor_id: listaEspera.doctor_id,
  doctor_nombre: doc.nombre,
  desde: listaEspera.desde,
  hasta: listaEspera.hasta,
  franjas: listaEspera.franjas,
  nota: listaEspera.nota,
  estado: listaEspera.estado,
  creada_en: listaEspera.creada_en,
  cita_id: listaEspera.cita_id,
};
const COLUMNAS_OFERTA = {
  id: ofertasEspera.id,
  lista_espera_id: ofertasEspera.lista_espera_id,
  paciente_id: ofertasEspera.paciente_id,
  estado: ofertasEspera.estado,
  doctor_id: ofertasEspera.doctor_id,
  doctor_nombre: odoc.nombre,
  inicio: ofertasEspera.inicio,
  fin: ofertasEspera.fin,
  vence_en: ofertasEspera.vence_en,
  ofrecida_por: ofertasEspera.ofrecida_por,
  ofrecida_por_nombre: quien.nombre,
  creada_en: ofertasEspera.creada_en,
  respondida_en: ofertasEspera.respondida_en,
  cita_id: ofertasEspera.cita_id,
  valor: ofertasEspera.valor,
};
export type EntradaDetalle = Awaited<ReturnType<ReturnType<typeof createEsperaRepository>['entradas']>>[number];
export type OfertaDetalle = Awaited<ReturnType<ReturnType<typeof createEsperaRepository>['ofertasDe']>>[number];

/** [inicio, fin) of an offer crosses [desde, hasta). */
const cruza = (desde: Date, hasta: Date) =>
  sql`tstzrange(${ofertasEspera.inicio}, ${ofertasEspera.fin}, '[)') && tstzrange(${desde}, ${hasta}, '[)')`;

export function createEsperaRepository(db: Executor) {
  async function entradas(filtro: SQL | undefined, orden: 'llegada' | 'reciente' = 'llegada', limite = 500) {
    return db
      .select(COLUMNAS_ENTRADA)
      .from(listaEspera)
      .innerJoin(pac, eq(pac.id, listaEspera.paciente_id))
      .leftJoin(procedimientos, eq(procedimientos.id, listaEspera.procedimiento_id))
      .leftJoin(doc, eq(doc.id, listaEspera.doctor_id))
      .where(filtro)
      .orderBy(orden === 'llegada' ? asc(listaEspera.id) : desc(listaEspera.id))
      .limit(limite);
  }

  return {
    /**
     * Serialises the offers of one doctor's slots in the caller's transaction: two matchers (two freed slots at once)
     * never offer overlapping slots of the same doctor to two patients.
     */
    async bloquearDoctor(doctorId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`espera:doctor:${doctorId}`}))`);
    },

    async crearEntrada(v: NuevaEntrada): Promise<EntradaFila> {
      const [f] = await db.insert(listaEspera).values(v).returning();
      return f!;
    },

    async entrada(id: number): Promise<EntradaFila | undefined> {
      const [f] = await db.select().from(listaEspera).where(eq(listaEspera.id, id)).limit(1);
      return f;
    },

    entradas,
    porId: (id: number) => entradas(eq(listaEspera.id, id)),

    /** The staff's list: entries in `estado`, holding `fecha` in their range, of that type and procedure. */
    listar(o: {
      estado: EntradaFila['estado'];
      fecha?: string | undefined;
      tipo?: EntradaFila['tipo'] | undefined;
      procedimientoId?: number | undefined;
      doctorId?: number | undefined;
    }) {
      return entradas(
        and(
          eq(listaEspera.estado, o.estado),
          o.fecha ? and(lte(listaEspera.desde, o.fecha), gte(listaEspera.hasta, o.fecha)) : undefined,
          o.tipo ? eq(listaEspera.tipo, o.tipo) : undefined,
          o.procedimientoId ? eq(listaEspera.procedimiento_id, o.procedimientoId) : undefined,
          o.doctorId ? or(isNull(listaEspera.doctor_id), eq(listaEspera.doctor_id, o.doctorId)) : undefined,
        ),
      );
    },

    /** A patient's own entries, the newest first. */
    dePaciente: (pacienteId: number) => entradas(eq(listaEspera.paciente_id, pacienteId), 'reciente', 50),

    /** The offers of these entries, the newest first. */
    async ofertasDe(entradaIds: number[]) {
      if (!entradaIds.length) return [];
      return db
        .select(COLUMNAS_OFERTA)
        .from(ofertasEspera)
        .innerJoin(odoc, eq(odoc.id, ofertasEspera.doctor_id))
        .leftJoin(quien, eq(quien.id, ofertasEspera.ofrecida_por))
        .where(inArray(ofertasEspera.lista_espera_id, entradaIds))
        .orderBy(desc(ofertasEspera.id));
    },

    async oferta(id: number): Promise<OfertaFila | undefined> {
      const [f] = await db.select().from(ofertasEspera).where(eq(ofertasEspera.id, id)).limit(1);
      return f;
    },

    /**
     * Active entries that may take a slot of `doctorId` on the clinic days [desde, hasta]: no doctor chosen or this
     * one, a range that reaches those days, no open offer; in order of joining.
     */
    async candidatas(doctorId: number, desde: string, hasta: string): Promise<EntradaFila[]> {
      return db
        .select()
        .from(listaEspera)
        .where(
          and(
            eq(listaEspera.estado, 'activa'),
            or(isNull(listaEspera.doctor_id), eq(listaEspera.doctor_id, doctorId)),
            lte(listaEspera.desde, hasta),
            gte(listaEspera.hasta, desde),
            sql`not exists (select 1 from ${ofertasEspera} o
              where o.lista_espera_id = ${listaEspera.id} and o.estado = 'ofrecida')`,
          ),
        )
        .orderBy(asc(listaEspera.id))
        .limit(200);
    },

    /** The slots of this doctor already offered to this entry (start instants, ms): never offered to her twice. */
    async yaOfrecidas(entradaId: number, doctorId: number): Promise<Set<number>> {
      const filas = await db
        .select({ inicio: ofertasEspera.inicio })
        .from(ofertasEspera)
        .where(and(eq(ofertasEspera.lista_espera_id, entradaId), eq(ofertasEspera.doctor_id, doctorId)));
      return new Set(filas.map((f) => f.inicio.getTime()));
    },

    /** Open offers of this doctor crossing [desde, hasta). */
    async abiertasQueCruzan(doctorId: number, desde: Date, hasta: Date) {
      return db
        .select({ id: ofertasEspera.id, inicio: ofertasEspera.inicio, fin: ofertasEspera.fin })
        .from(ofertasEspera)
        .where(and(eq(ofertasEspera.doctor_id, doctorId), eq(ofertasEspera.estado, 'ofrecida'), cruza(desde, hasta)));
    },

    async crearOferta(v: NuevaOferta): Promise<OfertaFila> {
      const [f] = await db.insert(ofertasEspera).values(v).returning();
      return f!;
    },

    /** The entry's open offer, if any. */
    async abiertaDe(entradaId: number): Promise<OfertaFila | undefined> {
      const [f] = await db
        .select()
        .from(ofertasEspera)
        .where(and(eq(ofertasEspera.lista_espera_id, entradaId), eq(ofertasEspera.estado, 'ofrecida')))
        .limit(1);
      return f;
    },

    /**
     * Ends an open offer (accepted, expired, declined, taken, void). `vigente`: only while its hold lasts
     * (acceptance); `vencida`: only once it has passed (the expiry job). Answers the row, or undefined when it was no
     * longer open (someone else decided first).
     */
    async cerrarOferta(
      id: number,
      estado: Exclude<OfertaFila['estado'], 'ofrecida'>,
      ahora: Date,
      o: { citaId?: number; valor?: number | null; vigente?: boolean; vencida?: boolean } = {},
    ): Promise<OfertaFila | undefined> {
      const [f] = await db
        .update(ofertasEspera)
        .set({
          estado,
          respondida_en: ahora,
          ...(o.citaId !== undefined ? { cita_id: o.citaId, valor: o.valor ?? null } : {}),
        })
        .where(
          and(
            eq(ofertasEspera.id, id),
            eq(ofertasEspera.estado, 'ofrecida'),
            o.vigente ? sql`${ofertasEspera.vence_en} > ${ahora}` : undefined,
            o.vencida ? lte(ofertasEspera.vence_en, ahora) : undefined,
          ),
        )
        .returning();
      return f;
    },

    /** The other open offers of this doctor crossing [desde, hasta) end as taken; answers them. */
    async tomarOtras(doctorId: number, desde: Date, hasta: Date, exceptoId: number, ahora: Date) {
      return db
        .update(ofertasEspera)
        .set({ estado: 'tomada', respondida_en: ahora })
        .where(
          and(
            eq(ofertasEspera.doctor_id, doctorId),
            eq(ofertasEspera.estado, 'ofrecida'),
            ne(ofertasEspera.id, exceptoId),
            cruza(desde, hasta),
          ),
        )
        .returning({ id: ofertasEspera.id, paciente_id: ofertasEspera.paciente_id, inicio: ofertasEspera.inicio });
    },

    /** Closes an active entry (booked from an offer, or withdrawn); undefined when it was no longer active. */
    async cerrarEntrada(
      id: number,
      estado: 'atendida' | 'retirada',
      ahora: Date,
      citaId?: number,
    ): Promise<EntradaFila | undefined> {
      const [f] = await db
        .update(listaEspera)
        .set({ estado, cerrada_en: ahora, ...(citaId ? { cita_id: citaId } : {}) })
        .where(and(eq(listaEspera.id, id), eq(listaEspera.estado, 'activa')))
        .returning();
      return f;
    },

    /** Contact of a patient for an offer's e-mail. */
    async contacto(id: number) {
      const [f] = await db
        .select({ nombre: usuarios.nombre, correo: usuarios.correo })
        .from(usuarios)
        .where(eq(usuarios.id, id))
        .limit(1);
      return f;
    },
  };
}
export type EsperaRepository = ReturnType<typeof createEsperaRepository>;
