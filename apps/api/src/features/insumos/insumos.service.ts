// Products and lots (issue 24, item 1; docs/trazabilidad.md; decision 0060).
//   Products: the desk and the administrators keep them (name, type, manufacturer, INVIMA registration checked and
//     normalised by the contract, unit, minimum stock); doctors read them. A unit never changes once lots exist.
//   Lots: received once (number unique per product, expiry not past, quantity, supplier, purchase reference, who and
//     when); never edited. Stock = received - used - adjusted, kept as the lot's `consumido`.
//   Adjustments: breakage or an expired lot discarded take stock out; a count records the difference to what was
//     counted; each one has its reason, is a movement row (append-only) and an audit row, in one transaction with the
//     lot's guarded update (stock never below zero).
//   Alerts: lots with stock expiring within DIAS_ALERTA_VENCIMIENTO days (or expired with stock left), and active
//     products whose usable stock is under their minimum.
import type { z } from 'zod';
import {
  DIAS_ALERTA_VENCIMIENTO,
  MENSAJES_INSUMOS as M,
  type AjusteBody,
  type alertasSchema,
  type crearProductoSchema,
  type editarProductoSchema,
  type loteSchema,
  type loteUsableSchema,
  type movimientoSchema,
  type productoDetalleSchema,
  type productoSchema,
  type recibirLoteSchema,
} from '@clinica/contracts/insumos';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isUniqueViolation, noEncontrado } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import { aCentesimas, cantidadEsCo, deCentesimas } from '../../lib/centesimas.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Existencias, InsumosRepository, LoteFila, MovimientoFila, ProductoFila } from './insumos.repository.ts';
import { descontarUsos, revisarLotesDeUso, type UsoDeLote } from './insumos.usos.ts';

export type ReposInsumos = { insumos: InsumosRepository; auditoria: AuditoriaRepository };
type Producto = z.output<typeof productoSchema>;
type Lote = z.output<typeof loteSchema>;

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);
const conflicto = (mensaje: string) => new AppError('CONFLICTO', 409, mensaje);

function loteWire(f: LoteFila, hoy: Fecha): Lote {
  return {
    id: f.id,
    producto_id: f.producto_id,
    numero: f.numero,
    vence_el: f.vence_el,
    vencido: f.vence_el < hoy,
    cantidad_recibida: deCentesimas(f.cantidad_recibida),
    consumido: deCentesimas(f.consumido),
    existencia: deCentesimas(f.cantidad_recibida - f.consumido),
    proveedor: f.proveedor,
    referencia_compra: f.referencia_compra,
    recibido_por: { id: f.recibido_por, nombre: f.recibido_por_nombre },
    recibido_en: f.recibido_en,
  };
}

function productoWire(f: ProductoFila, e: Existencias | undefined): Producto {
  const existencia = e?.existencia ?? 0;
  return {
    id: f.id,
    nombre: f.nombre,
    tipo: f.tipo,
    fabricante: f.fabricante,
    registro_invima: f.registro_invima,
    unidad: f.unidad,
    stock_minimo: deCentesimas(f.stock_minimo),
    activo: f.activo,
    existencia: deCentesimas(existencia),
    existencia_vencida: deCentesimas(e?.existencia_vencida ?? 0),
    stock_bajo: f.activo && f.stock_minimo > 0 && existencia < f.stock_minimo,
    creado_en: f.creado_en,
    actualizado_en: f.actualizado_en,
  };
}

function movimientoWire(f: MovimientoFila): z.output<typeof movimientoSchema> {
  return {
    id: f.id,
    tipo: f.tipo,
    cantidad: deCentesimas(f.cantidad),
    motivo: f.motivo,
    detalle: f.detalle,
    registrado_por: { id: f.registrado_por, nombre: f.registrado_por_nombre },
    registrado_en: f.registrado_en,
  };
}

/** Product names as Spanish sorts them: accents and case aside («Ácido» with the A's, before «Botox»). */
const porNombre = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export function createInsumosService(deps: {
  repos: ReposInsumos;
  transaccion: Transaccion<ReposInsumos>;
  calendario: Pick<Calendario, 'hoy' | 'ahora'>;
}) {
  const { repos, transaccion, calendario } = deps;
  const repo = repos.insumos;

  async function existenciasPorProducto(hoy: Fecha) {
    return new Map((await repo.existencias(hoy)).map((e) => [e.producto_id, e]));
  }

  async function productoConExistencia(f: ProductoFila): Promise<Producto> {
    return productoWire(f, (await existenciasPorProducto(calendario.hoy())).get(f.id));
  }

  const duplicado = (err: unknown) => {
    if (isUniqueViolation(err, 'productos_nombre_registro_unico')) throw conflicto(M.productoDuplicado);
    throw err;
  };

  return {
    async listar(): Promise<Producto[]> {
      const existencias = await existenciasPorProducto(calendario.hoy());
      // Active first, then by name as Spanish sorts it (the repository's order is the database's collation).
      const filas = [...(await repo.listar())].sort(
        (a, b) => Number(b.activo) - Number(a.activo) || porNombre.compare(a.nombre, b.nombre) || a.id - b.id,
      );
      return filas.map((f) => productoWire(f, existencias.get(f.id)));
    },

    /** The doctor's lot picker: usable lots (active product, not expired today, with stock), by product then expiry. */
    async lotesUsables(): Promise<z.output<typeof loteUsableSchema>[]> {
      const filas = await repo.usables(calendario.hoy());
      return filas
        .sort(
          (a, b) =>
            porNombre.compare(a.producto.nombre, b.producto.nombre) ||
            a.producto.id - b.producto.id ||
            a.vence_el.localeCompare(b.vence_el) ||
            a.id - b.id,
        )
        .map((f) => ({ ...f, existencia: deCentesimas(f.existencia) }));
    },

    async detalle(id: number): Promise<z.output<typeof productoDetalleSchema>> {
      const f = await repo.producto(id);
      if (!f) throw noEncontrado(M.productoNoEncontrado);
      const hoy = calendario.hoy();
      return { ...(await productoConExistencia(f)), lotes: (await repo.lotesDe(id)).map((l) => loteWire(l, hoy)) };
    },

    async crear(actor: Actor, datos: z.output<typeof crearProductoSchema>, origen: Origen): Promise<Producto> {
      const f = await transaccion(async (tx) => {
        const creado = await tx.insumos
          .crear({ ...datos, stock_minimo: aCentesimas(datos.stock_minimo), creado_por: actor.id }, calendario.ahora())
          .catch(duplicado);
        await auditarExito(
          tx,
          actor,
          'producto.crear',
          'producto',
          creado.id,
          `tipo=${datos.tipo}; invima=${datos.registro_invima}`,
          origen,
        );
        return creado;
      });
      return productoConExistencia(f);
    },

    async editar(
      actor: Actor,
      id: number,
      datos: z.output<typeof editarProductoSchema>,
      origen: Origen,
    ): Promise<Producto> {
      const f = await transaccion(async (tx) => {
        const antes = await tx.insumos.producto(id);
        if (!antes) throw noEncontrado(M.productoNoEncontrado);
        if (datos.unidad && datos.unidad !== antes.unidad && (await tx.insumos.tieneLotes(id)))
          throw regla(M.unidadConLotes, 'unidad');
        const { stock_minimo, ...resto } = datos;
        const cambios = {
          ...Object.fromEntries(Object.entries(resto).filter(([, v]) => v !== undefined)),
          ...(stock_minimo !== undefined ? { stock_minimo: aCentesimas(stock_minimo) } : {}),
        };
        const despues = await tx.insumos.actualizar(id, cambios, calendario.ahora()).catch(duplicado);
        await auditarExito(tx, actor, 'producto.editar', 'producto', id, Object.keys(cambios).join(', '), origen);
        return despues!;
      });
      return productoConExistencia(f);
    },

    async recibirLote(
      actor: Actor,
      productoId: number,
      datos: z.output<typeof recibirLoteSchema>,
      origen: Origen,
    ): Promise<Lote> {
      const hoy = calendario.hoy();
      if (datos.vence_el < hoy) throw regla(M.loteVencido, 'vence_el');
      const id = await transaccion(async (tx) => {
        const producto = await tx.insumos.producto(productoId);
        if (!producto) throw noEncontrado(M.productoNoEncontrado);
        if (!producto.activo) throw regla(M.productoInactivo);
        const nuevo = await tx.insumos
          .recibir({
            producto_id: productoId,
            numero: datos.numero,
            vence_el: datos.vence_el,
            cantidad_recibida: aCentesimas(datos.cantidad),
            proveedor: datos.proveedor,
            referencia_compra: datos.referencia_compra ?? null,
            recibido_por: actor.id,
            recibido_en: calendario.ahora(),
          })
          .catch((err: unknown) => {
            if (isUniqueViolation(err, 'lotes_producto_numero_unico')) throw conflicto(M.loteDuplicado(datos.numero));
            throw err;
          });
        await auditarExito(
          tx,
          actor,
          'lote.recibir',
          'lote',
          nuevo,
          `producto=${productoId}; lote=${datos.numero}; cantidad=${aCentesimas(datos.cantidad)}; vence=${datos.vence_el}`,
          origen,
        );
        return nuevo;
      });
      return loteWire((await repo.lote(id))!, hoy);
    },

    /** A breakage, an expired lot discarded, or a count: one movement with its reason, never below zero. */
    async ajustar(actor: Actor, loteId: number, datos: AjusteBody, origen: Origen): Promise<Lote> {
      await transaccion(async (tx) => {
        const lote = await tx.insumos.loteBloqueado(loteId);
        if (!lote) throw noEncontrado(M.loteNoEncontrado);
        const producto = (await tx.insumos.producto(lote.producto_id))!;
        const existencia = lote.cantidad_recibida - lote.consumido;
        const sale =
          datos.motivo === 'correccion_conteo' ? existencia - aCentesimas(datos.contado) : aCentesimas(datos.cantidad);
        if (sale === 0) throw regla(M.conteoIgual, 'contado');
        if (sale > existencia || (await tx.insumos.sacar(loteId, sale)) === null)
          throw conflicto(M.sinExistencias(lote.numero, cantidadEsCo(existencia, producto.unidad)));
        const detalle = datos.detalle;
        await tx.insumos.registrarMovimiento({
          lote_id: loteId,
          tipo: 'ajuste',
          cantidad: sale,
          motivo: datos.motivo,
          detalle,
          registrado_por: actor.id,
          registrado_en: calendario.ahora(),
        });
        await auditarExito(
          tx,
          actor,
          'lote.ajustar',
          'lote',
          loteId,
          `motivo=${datos.motivo}; cantidad=${sale}`,
          origen,
        );
      });
      return loteWire((await repo.lote(loteId))!, calendario.hoy());
    },

    /**
     * For the notes' injection chart (through the composition root): checks the lots a chart uses, naming the first
     * point at fault (422); `existencias` adds the soft stock check a draft's save makes. `tx`: the caller's
     * transaction, when there is one.
     */
    revisarUsos: (tx: ReposInsumos | undefined, v: { puntos: readonly UsoDeLote[]; existencias: boolean }) =>
      revisarLotesDeUso((tx ?? repos).insumos, { ...v, hoy: calendario.hoy() }),

    /** Signing a note takes its chart's lots out, in the signature's transaction (409 when a lot has not enough). */
    usarEnNota: (
      tx: ReposInsumos,
      v: { evolucionId: number; actorId: number; puntos: readonly UsoDeLote[]; ahora: Date },
    ) => descontarUsos(tx.insumos, v),

    async movimientos(loteId: number) {
      if (!(await repo.lote(loteId))) throw noEncontrado(M.loteNoEncontrado);
      return (await repo.movimientos(loteId)).map(movimientoWire);
    },

    async alertas(): Promise<z.output<typeof alertasSchema>> {
      const hoy = calendario.hoy();
      const [lotes, productos, existencias] = await Promise.all([
        repo.porVencer(sumarDias(hoy, DIAS_ALERTA_VENCIMIENTO)),
        repo.listar(),
        existenciasPorProducto(hoy),
      ]);
      return {
        por_vencer: lotes.map((l) => ({
          ...loteWire(l, hoy),
          producto: { id: l.producto_id, nombre: l.producto_nombre, unidad: l.producto_unidad },
        })),
        stock_bajo: productos
          .map((p) => productoWire(p, existencias.get(p.id)))
          .filter((p) => p.stock_bajo)
          .map((p) => ({
            id: p.id,
            nombre: p.nombre,
            unidad: p.unidad,
            existencia: p.existencia,
            stock_minimo: p.stock_minimo,
          })),
      };
    },
  };
}
export type InsumosService = ReturnType<typeof createInsumosService>;
