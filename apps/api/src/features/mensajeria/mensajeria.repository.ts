// SQL for how the clinic reaches a patient (db/schema/mensajeria.ts): her channels and WhatsApp number, the
// append-only opt-in/opt-out record, the verification codes, the webhook deliveries already handled, and the
// delivery status of WhatsApp rows of the outbox.
import type { EventosBandeja } from '../../platform/bandeja.service.ts';
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  autorizacionesWhatsapp,
  bandejaSalida,
  codigosWhatsapp,
  preferenciasContacto,
  usuarios,
  webhooksWhatsapp,
} from '../../db/schema/index.ts';

export type Canal = (typeof preferenciasContacto.$inferSelect)['canal'];
export type Entrega = NonNullable<(typeof bandejaSalida.$inferSelect)['entrega']>;
export type NuevaAutorizacion = typeof autorizacionesWhatsapp.$inferInsert;
export type CodigoFila = typeof codigosWhatsapp.$inferSelect;

/** Her channels with her name and role, and the last opt-in/opt-out of her current number (null: none). */
export type Contacto = {
  usuario_id: number;
  nombre: string;
  rol: string;
  activo: boolean;
  canal: Canal;
  whatsapp_numero: string | null;
  whatsapp_verificado_en: Date | null;
  ultima_accion: 'alta' | 'baja' | null;
};

/** Statuses only move forward (Meta does not promise their order); a failure counts only before delivery. */
const RANGO: Record<Entrega, number> = { enviado: 1, fallido: 2, entregado: 3, leido: 4 };

export function createMensajeriaRepository(db: Executor) {
  return {
    async contacto(usuarioId: number): Promise<Contacto | undefined> {
      const ultima = db
        .select({ accion: autorizacionesWhatsapp.accion })
        .from(autorizacionesWhatsapp)
        .where(
          and(
            eq(autorizacionesWhatsapp.usuario_id, usuarios.id),
            eq(autorizacionesWhatsapp.numero, preferenciasContacto.whatsapp_numero),
          ),
        )
        .orderBy(desc(autorizacionesWhatsapp.id))
        .limit(1);
      const [f] = await db
        .select({
          usuario_id: usuarios.id,
          nombre: usuarios.nombre,
          rol: usuarios.rol,
          activo: usuarios.estado,
          canal: sql<Canal>`coalesce(${preferenciasContacto.canal}, 'correo')`,
          whatsapp_numero: preferenciasContacto.whatsapp_numero,
          whatsapp_verificado_en: preferenciasContacto.whatsapp_verificado_en,
          ultima_accion: sql<'alta' | 'baja' | null>`(${ultima})`,
        })
        .from(usuarios)
        .leftJoin(preferenciasContacto, eq(preferenciasContacto.usuario_id, usuarios.id))
        .where(eq(usuarios.id, usuarioId));
      return (
        f && { ...f, whatsapp_verificado_en: f.whatsapp_verificado_en ? new Date(f.whatsapp_verificado_en) : null }
      );
    },

    async guardarCanal(usuarioId: number, canal: Canal, ahora: Date): Promise<void> {
      await db
        .insert(preferenciasContacto)
        .values({ usuario_id: usuarioId, canal, actualizado_en: ahora })
        .onConflictDoUpdate({ target: preferenciasContacto.usuario_id, set: { canal, actualizado_en: ahora } });
    },

    /** The number she proved hers: verified now; a patient on e-mail only gets both channels (she just opted in). */
    async verificarNumero(usuarioId: number, numero: string, ahora: Date): Promise<void> {
      await db
        .insert(preferenciasContacto)
        .values({
          usuario_id: usuarioId,
          canal: 'ambos',
          whatsapp_numero: numero,
          whatsapp_verificado_en: ahora,
          actualizado_en: ahora,
        })
        .onConflictDoUpdate({
          target: preferenciasContacto.usuario_id,
          set: {
            whatsapp_numero: numero,
            whatsapp_verificado_en: ahora,
            actualizado_en: ahora,
            canal: sql`case when ${preferenciasContacto.canal} = 'correo' then 'ambos' else ${preferenciasContacto.canal} end`,
          },
        });
    },

    /** Append-only: never updated nor deleted. */
    async registrarAutorizacion(a: NuevaAutorizacion): Promise<void> {
      await db.insert(autorizacionesWhatsapp).values(a);
    },

    async autorizaciones(usuarioId: number) {
      return db
        .select()
        .from(autorizacionesWhatsapp)
        .where(eq(autorizacionesWhatsapp.usuario_id, usuarioId))
        .orderBy(autorizacionesWhatsapp.id);
    },

    /** Patients whose verified number this is (normally one). */
    async conNumero(numero: string): Promise<number[]> {
      const filas = await db
        .select({ id: preferenciasContacto.usuario_id })
        .from(preferenciasContacto)
        .where(
          and(eq(preferenciasContacto.whatsapp_numero, numero), isNotNull(preferenciasContacto.whatsapp_verificado_en)),
        );
      return filas.map((f) => f.id);
    },

    async crearCodigo(c: typeof codigosWhatsapp.$inferInsert): Promise<CodigoFila> {
      const [f] = await db.insert(codigosWhatsapp).values(c).returning();
      return f!;
    },

    async codigosDesde(usuarioId: number, desde: Date): Promise<number> {
      const [f] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(codigosWhatsapp)
        .where(and(eq(codigosWhatsapp.usuario_id, usuarioId), gte(codigosWhatsapp.creada_en, desde)));
      return f?.n ?? 0;
    },

    /** Her latest code not used yet (an older one is replaced by a newer one). */
    async codigoPendiente(usuarioId: number): Promise<CodigoFila | undefined> {
      const [f] = await db
        .select()
        .from(codigosWhatsapp)
        .where(eq(codigosWhatsapp.usuario_id, usuarioId))
        .orderBy(desc(codigosWhatsapp.id))
        .limit(1);
      return f && !f.usado_en ? f : undefined;
    },

    async codigo(id: number): Promise<CodigoFila | undefined> {
      const [f] = await db.select().from(codigosWhatsapp).where(eq(codigosWhatsapp.id, id));
      return f;
    },

    /** One more wrong attempt; answers the count. */
    async sumarIntento(id: number): Promise<number> {
      const [f] = await db
        .update(codigosWhatsapp)
        .set({ intentos: sql`${codigosWhatsapp.intentos} + 1` })
        .where(eq(codigosWhatsapp.id, id))
        .returning({ intentos: codigosWhatsapp.intentos });
      return f?.intentos ?? 0;
    },

    /** Compare-and-set: two requests with one code cannot both use it. */
    async usarCodigo(id: number, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(codigosWhatsapp)
        .set({ usado_en: ahora })
        .where(and(eq(codigosWhatsapp.id, id), isNull(codigosWhatsapp.usado_en)))
        .returning({ id: codigosWhatsapp.id });
      return filas.length === 1;
    },

    /** A webhook delivery's key, first time only: false when it was handled already. */
    async reclamarWebhook(clave: string, ahora: Date): Promise<boolean> {
      const filas = await db
        .insert(webhooksWhatsapp)
        .values({ clave, recibido_en: ahora })
        .onConflictDoNothing()
        .returning({ clave: webhooksWhatsapp.clave });
      return filas.length === 1;
    },

    async soltarWebhook(clave: string): Promise<void> {
      await db.delete(webhooksWhatsapp).where(eq(webhooksWhatsapp.clave, clave));
    },

    /** The provider took the message: its id, for the status webhooks. */
    async marcarExterno(bandejaId: number, externoId: string): Promise<void> {
      await db.update(bandejaSalida).set({ externo_id: externoId }).where(eq(bandejaSalida.id, bandejaId));
    },

    /** A status of the message sent with this id, if it moves its row forward; answers whether it did. */
    async marcarEntrega(externoId: string, entrega: Entrega, en: Date): Promise<boolean> {
      const menores = (Object.keys(RANGO) as Entrega[]).filter((e) => RANGO[e] < RANGO[entrega]);
      const antes = menores.length
        ? or(isNull(bandejaSalida.entrega), inArray(bandejaSalida.entrega, menores))
        : isNull(bandejaSalida.entrega);
      const filas = await db
        .update(bandejaSalida)
        .set({ entrega, entrega_en: en })
        .where(and(eq(bandejaSalida.externo_id, externoId), antes))
        .returning({ id: bandejaSalida.id });
      return filas.length === 1;
    },

    /** The payload of the WhatsApp row a provider's message id belongs to. */
    async cargaDeExterno(externoId: string): Promise<EventosBandeja['whatsapp'] | undefined> {
      const [f] = await db
        .select({ carga: bandejaSalida.carga })
        .from(bandejaSalida)
        .where(and(eq(bandejaSalida.externo_id, externoId), eq(bandejaSalida.tipo, 'whatsapp')));
      return f?.carga as EventosBandeja['whatsapp'] | undefined;
    },

    /** A permanent refusal at sending time. */
    async marcarFallida(bandejaId: number, en: Date): Promise<void> {
      await db.update(bandejaSalida).set({ entrega: 'fallido', entrega_en: en }).where(eq(bandejaSalida.id, bandejaId));
    },

    async filaPorExterno(externoId: string) {
      const [f] = await db.select().from(bandejaSalida).where(eq(bandejaSalida.externo_id, externoId));
      return f;
    },
  };
}
export type MensajeriaRepository = ReturnType<typeof createMensajeriaRepository>;
