// Rules for procedures and their images: who sees what, references, image limits and storage.
import type { z } from 'zod';
import {
  EDAD_MINIMA_LEY_1799,
  IMAGENES_MAX_POR_PROCEDIMIENTO,
  MENSAJE_LEY_1799,
  MENSAJE_SOLO_ADMIN_EXENTO,
  MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO,
  type AnticipoProcedimiento,
  MENSAJE_PROCEDIMIENTO_DESACTIVADO,
  type Imagen,
  type Procedimiento,
  type crearProcedimientoSchema,
  type editarProcedimientoSchema,
  type listarProcedimientosQuery,
} from '@clinica/contracts/catalogo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, noEncontrado } from '../../lib/app-error.ts';
import { desplazamiento } from '../../lib/paginas.ts';
import { conTurnoImagen } from '../../lib/turno-imagen.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import { eliminarCopias, guardarCopias, procesarImagen } from './imagenes.ts';
import { toImagenWire, toProcedimientoWire } from './procedimiento-wire.ts';
import type { ProcedimientoFila, ProcedimientosRepository, ProcedimientoValores } from './procedimientos.repository.ts';

/** Who changes the catalogue; `rol` decides who may mark a procedure exempt from Ley 1799. */

type Crear = z.output<typeof crearProcedimientoSchema>;
type Editar = z.output<typeof editarProcedimientoSchema>;
type Listar = z.output<typeof listarProcedimientosQuery>;

export const MENSAJE_PROCEDIMIENTO_NO_ENCONTRADO = 'El procedimiento no existe.';
const noExiste = () => noEncontrado(MENSAJE_PROCEDIMIENTO_NO_ENCONTRADO);
const categoriaNoExiste = () =>
  new AppError('REGLA_NEGOCIO', 422, 'La categoría elegida no existe.', [
    { campo: 'categoria_id', mensaje: 'La categoría elegida no existe.' },
  ]);

/**
 * Ley 1799 de 2016 (issue 21, item 3): a minimum age under 18 only for a procedure marked exempt, and only an
 * administrator marks or unmarks it. `antes`: the procedure as stored (undefined for a new one).
 */
function revisarLey1799(
  actor: Actor,
  final: { edad_minima: number; exento_ley_1799: boolean },
  antes?: { exento_ley_1799: boolean },
) {
  if (final.exento_ley_1799 !== (antes?.exento_ley_1799 ?? false) && actor.rol !== 'administrador')
    throw new AppError('PROHIBIDO', 403, MENSAJE_SOLO_ADMIN_EXENTO);
  if (final.edad_minima < EDAD_MINIMA_LEY_1799 && !final.exento_ley_1799)
    throw new AppError('REGLA_NEGOCIO', 422, MENSAJE_LEY_1799, [{ campo: 'edad_minima', mensaje: MENSAJE_LEY_1799 }]);
}

/** What the public may see: an active procedure in an active category. */
/** A fixed deposit above the price would be more than the procedure costs (a percentage cannot be). */
function revisarAnticipo(anticipo: AnticipoProcedimiento, precio: number) {
  if (anticipo?.tipo === 'fijo' && anticipo.valor > precio)
    throw new AppError('REGLA_NEGOCIO', 422, MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO, [
      { campo: 'anticipo', mensaje: MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO },
    ]);
}
/** The rule as the table's two columns. */
const columnasAnticipo = (a: AnticipoProcedimiento) => ({
  anticipo_tipo: a?.tipo ?? null,
  anticipo_valor: a?.valor ?? null,
});

const esVisible = (f: ProcedimientoFila) => f.activo && f.categoria_activa;

/** Optional texts: an empty string clears the field. */
const vacioANull = <T extends string | null | undefined>(v: T) => (v === '' ? null : v);

export type ReposProcedimientos = { procedimientos: ProcedimientosRepository; auditoria: AuditoriaRepository };

export type ProcedimientosServiceDeps = {
  repos: ReposProcedimientos;
  transaccion: Transaccion<ReposProcedimientos>;
  /** Public storage: the images' copies are served under /media with a long cache. */
  storage: Storage;
  log?: { warn: (o: object, m: string) => void };
  /**
   * The public catalogue's cache (catalogo-cache.ts): while it is `activa`, its `version` changes with every
   * catalogue change on any instance, so procedures read by id may be kept in memory for as long as it holds.
   */
  memoria?: { readonly activa: boolean; readonly version: number };
};

/** More than any clinic's catalogue: past it, procedures are read from the database again. */
export const MAX_PROCEDIMIENTOS_EN_MEMORIA = 5_000;

export function createProcedimientosService({ repos, transaccion, storage, log, memoria }: ProcedimientosServiceDeps) {
  const repo = repos.procedimientos;
  // The cart's procedures by id (porIds), valid while the catalogue's version is `versionGuardada`.
  const guardados = new Map<number, Procedimiento>();
  let versionGuardada = -1;
  /** Inside the change's transaction; the seed (no actor) records nothing. */
  const auditar = (
    tx: ReposProcedimientos,
    actor: Actor | undefined,
    origen: Origen,
    accion: string,
    id: number | null,
    detalle?: string,
  ) =>
    actor
      ? tx.auditoria.registrar({
          usuarioId: actor.id,
          accion,
          recurso: 'procedimiento',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip ?? null,
          detalle: detalle ?? null,
        })
      : Promise.resolve();

  /** Files are removed after the rows are gone; a failure only leaves an orphan file, never a broken image. */
  const borrarArchivos = async (rutas: string[]) => {
    for (const ruta of rutas) {
      await eliminarCopias(storage, ruta).catch((err: unknown) =>
        log?.warn({ err, ruta }, 'no se pudo borrar la imagen'),
      );
    }
  };

  async function cargar(id: number): Promise<{ fila: ProcedimientoFila; procedimiento: Procedimiento } | undefined> {
    const fila = await repo.buscar(id);
    if (!fila) return undefined;
    return { fila, procedimiento: toProcedimientoWire(fila, fila.imagenes) };
  }

  async function obtenerParaPersonal(id: number): Promise<Procedimiento> {
    const p = await cargar(id);
    if (!p) throw noExiste();
    return p.procedimiento;
  }

  return {
    async listar(query: Listar, esPersonal: boolean) {
      const { filas, total } = await repo.listar({
        categoriaId: query.categoriaId,
        q: query.q,
        soloVisibles: !(esPersonal && query.incluirInactivos === true),
        limit: query.porPagina,
        offset: desplazamiento(query),
      });
      return {
        items: filas.map((f) => toProcedimientoWire(f, f.imagenes)),
        total,
        pagina: query.pagina,
        porPagina: query.porPagina,
      };
    },

    /** The public gets a 404 for an inactive procedure or one in an inactive category. */
    async buscar(id: number, esPersonal: boolean): Promise<Procedimiento> {
      const p = await cargar(id);
      if (!p || (!esPersonal && !esVisible(p.fila))) throw noExiste();
      return p.procedimiento;
    },

    async crear(datos: Crear, actor: Actor, origen: Origen): Promise<Procedimiento> {
      revisarLey1799(actor, datos);
      revisarAnticipo(datos.anticipo, datos.precio);
      if (!(await repo.categoriaExiste(datos.categoria_id))) throw categoriaNoExiste();
      const { anticipo, ...resto } = datos;
      const valores: ProcedimientoValores = {
        ...resto,
        ...columnasAnticipo(anticipo),
        recomendaciones_previas: vacioANull(datos.recomendaciones_previas) ?? null,
        examenes_requeridos: vacioANull(datos.examenes_requeridos) ?? null,
      };
      const id = await transaccion(async (tx) => {
        const nuevo = await tx.procedimientos.crear(valores);
        if (nuevo === 'categoria_no_existe') throw categoriaNoExiste();
        await auditar(tx, actor, origen, 'procedimiento.crear', nuevo);
        if (anticipo)
          await auditar(tx, actor, origen, 'procedimiento.anticipo', nuevo, `${anticipo.tipo} ${anticipo.valor}`);
        if (datos.exento_ley_1799)
          await auditar(
            tx,
            actor,
            origen,
            'procedimientos.exento_ley_1799',
            nuevo,
            `exento; edad mínima ${datos.edad_minima}`,
          );
        return nuevo;
      });
      return obtenerParaPersonal(id);
    },

    async editar(id: number, datos: Editar, actor: Actor, origen: Origen): Promise<Procedimiento> {
      const antes = await cargar(id);
      if (!antes) throw noExiste();
      const final = {
        edad_minima: datos.edad_minima ?? antes.fila.edad_minima,
        exento_ley_1799: datos.exento_ley_1799 ?? antes.fila.exento_ley_1799,
      };
      revisarLey1799(actor, final, antes.fila);
      const anticipoAntes = antes.procedimiento.anticipo;
      const anticipo = datos.anticipo === undefined ? anticipoAntes : datos.anticipo;
      revisarAnticipo(anticipo, datos.precio ?? antes.fila.precio);
      const cambiaAnticipo = JSON.stringify(anticipo) !== JSON.stringify(anticipoAntes);
      if (datos.categoria_id !== undefined && !(await repo.categoriaExiste(datos.categoria_id)))
        throw categoriaNoExiste();
      const valores: Partial<ProcedimientoValores> = Object.fromEntries(
        Object.entries({
          ...datos,
          anticipo: undefined,
          ...(datos.anticipo !== undefined ? columnasAnticipo(datos.anticipo) : {}),
          recomendaciones_previas: vacioANull(datos.recomendaciones_previas),
          examenes_requeridos: vacioANull(datos.examenes_requeridos),
        }).filter(([, v]) => v !== undefined),
      );
      await transaccion(async (tx) => {
        const r = await tx.procedimientos.editar(id, valores);
        if (r === 'categoria_no_existe') throw categoriaNoExiste();
        if (!r) throw noExiste();
        await auditar(tx, actor, origen, 'procedimiento.editar', id, Object.keys(valores).join(','));
        if (cambiaAnticipo)
          await auditar(
            tx,
            actor,
            origen,
            'procedimiento.anticipo',
            id,
            anticipo ? `${anticipo.tipo} ${anticipo.valor}` : 'sin anticipo',
          );
        if (final.exento_ley_1799 !== antes.fila.exento_ley_1799)
          await auditar(
            tx,
            actor,
            origen,
            'procedimientos.exento_ley_1799',
            id,
            `${final.exento_ley_1799 ? 'exento' : 'ya no exento'}; edad mínima ${final.edad_minima}`,
          );
      });
      return obtenerParaPersonal(id);
    },

    /** Deleted with its images, or deactivated when carts or appointments point at it. */
    async eliminar(id: number, actor: Actor, origen: Origen): Promise<{ mensaje: string; desactivado: boolean }> {
      const r = await transaccion(async (tx) => {
        const hecho = await tx.procedimientos.eliminar(id);
        if (hecho.estado === 'no_existe') throw noExiste();
        if (hecho.estado === 'desactivado')
          await auditar(tx, actor, origen, 'procedimiento.desactivar', id, 'tiene referencias');
        else await auditar(tx, actor, origen, 'procedimiento.eliminar', id);
        return hecho;
      });
      if (r.estado === 'desactivado') return { mensaje: MENSAJE_PROCEDIMIENTO_DESACTIVADO, desactivado: true };
      // Files go after the commit: a rolled-back delete never loses its images.
      if (r.estado === 'eliminado') await borrarArchivos(r.rutas);
      return { mensaje: 'Procedimiento eliminado.', desactivado: false };
    },

    /** Validates by content, stores both copies, then adds the row (limit re-checked under a lock). */
    async agregarImagen(id: number, archivo: Buffer, alt: string, actor?: Actor, origen: Origen = {}): Promise<Imagen> {
      const fila = await repo.buscar(id);
      if (!fila) throw noExiste();
      const lleno = () =>
        new AppError(
          'REGLA_NEGOCIO',
          422,
          `Un procedimiento puede tener máximo ${IMAGENES_MAX_POR_PROCEDIMIENTO} imágenes.`,
        );
      // Cheap early refusal before decoding anything.
      if ((await repo.contarImagenes(id)) >= IMAGENES_MAX_POR_PROCEDIMIENTO) throw lleno();
      // The seed (no actor) processes its images without a person's turn.
      const copias = actor
        ? await conTurnoImagen(actor.id, () => procesarImagen(archivo))
        : await procesarImagen(archivo);
      const ruta = await guardarCopias(storage, copias);
      try {
        const r = await transaccion(async (tx) => {
          const nueva = await tx.procedimientos.agregarImagen(
            id,
            ruta,
            alt || fila.nombre,
            IMAGENES_MAX_POR_PROCEDIMIENTO,
          );
          if (nueva === 'lleno') throw lleno();
          if (nueva === 'no_existe') throw noExiste();
          await auditar(tx, actor, origen, 'procedimiento.imagen.agregar', id, String(nueva.id));
          return nueva;
        });
        return toImagenWire(r);
      } catch (err) {
        // The row never committed: its files go too.
        await borrarArchivos([ruta]);
        throw err;
      }
    },

    async eliminarImagen(id: number, imagenId: number, actor: Actor, origen: Origen): Promise<{ mensaje: string }> {
      const ruta = await transaccion(async (tx) => {
        const borrada = await tx.procedimientos.eliminarImagen(id, imagenId);
        if (!borrada) throw noEncontrado('La imagen no existe en este procedimiento.');
        await auditar(tx, actor, origen, 'procedimiento.imagen.eliminar', id, String(imagenId));
        return borrada;
      });
      await borrarArchivos([ruta]);
      return { mensaje: 'Imagen eliminada.' };
    },

    async ordenarImagenes(id: number, orden: number[], actor: Actor, origen: Origen): Promise<Imagen[]> {
      await transaccion(async (tx) => {
        const r = await tx.procedimientos.ordenarImagenes(id, orden);
        if (r === 'no_existe') throw noExiste();
        if (r === 'no_coincide') {
          throw new AppError(
            'REGLA_NEGOCIO',
            422,
            'El orden debe incluir cada imagen del procedimiento una sola vez.',
            [{ campo: 'orden', mensaje: 'Incluye cada imagen del procedimiento una sola vez.' }],
          );
        }
        await auditar(tx, actor, origen, 'procedimiento.imagen.ordenar', id);
      });
      return (await obtenerParaPersonal(id)).imagenes;
    },

    // ---- for the cart (given to it by the composition root) ----

    /** Procedures by id in any state (the cart shows inactive ones too): from memory, else in one statement. */
    async porIds(ids: number[]): Promise<Map<number, Procedimiento>> {
      const usar = memoria?.activa === true;
      if (usar && versionGuardada !== memoria.version) {
        guardados.clear();
        versionGuardada = memoria.version;
      }
      const encontrados = new Map<number, Procedimiento>();
      const faltan: number[] = [];
      for (const id of ids) {
        const p = usar ? guardados.get(id) : undefined;
        if (p) encontrados.set(id, p);
        else faltan.push(id);
      }
      if (!faltan.length) return encontrados;
      const antes = versionGuardada;
      const filas = await repo.porIds(faltan);
      // Kept only if no change happened while the rows were read (they may predate it).
      const guardar = usar && memoria.activa && memoria.version === antes && versionGuardada === antes;
      for (const f of filas) {
        const p = toProcedimientoWire(f, f.imagenes);
        encontrados.set(f.id, p);
        if (guardar && guardados.size < MAX_PROCEDIMIENTOS_EN_MEMORIA) guardados.set(f.id, p);
      }
      return encontrados;
    },

    /** One procedure and whether the public may pick it now; undefined if it does not exist. */
    async conDisponibilidad(id: number): Promise<{ procedimiento: Procedimiento; disponible: boolean } | undefined> {
      const p = await cargar(id);
      return p && { procedimiento: p.procedimiento, disponible: esVisible(p.fila) };
    },
  };
}
export type ProcedimientosService = ReturnType<typeof createProcedimientosService>;
