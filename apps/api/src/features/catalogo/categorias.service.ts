// Rules for procedure categories: unique names, public visibility, no deletion while in use.
import type { z } from 'zod';
import type { Categoria, crearCategoriaSchema, editarCategoriaSchema } from '@clinica/contracts/catalogo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, noEncontrado } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { CategoriasRepository } from './categorias.repository.ts';

export type ReposCategorias = { categorias: CategoriasRepository; auditoria: AuditoriaRepository };

export const MENSAJE_CATEGORIA_DUPLICADA = 'Ya existe una categoría con ese nombre';
const duplicada = () =>
  new AppError('CATEGORIA_DUPLICADA', 409, MENSAJE_CATEGORIA_DUPLICADA, [
    { campo: 'nombre', mensaje: MENSAJE_CATEGORIA_DUPLICADA },
  ]);
const noExiste = () => noEncontrado('La categoría no existe.');

/** 'No se puede eliminar: la categoría tiene 3 procedimientos. Puedes desactivarla.' */
export function mensajeConProcedimientos(n: number): string {
  return `No se puede eliminar: la categoría tiene ${n} ${n === 1 ? 'procedimiento' : 'procedimientos'}. Puedes desactivarla.`;
}

export function createCategoriasService({
  repos,
  transaccion,
}: {
  repos: ReposCategorias;
  transaccion: Transaccion<ReposCategorias>;
}) {
  const repo = repos.categorias;
  const auditar = (tx: ReposCategorias, actor: Actor, origen: Origen, accion: string, id: number, detalle?: string) =>
    tx.auditoria.registrar({
      usuarioId: actor.id,
      accion,
      recurso: 'categoria',
      recursoId: id,
      resultado: 'exito',
      ip: origen.ip ?? null,
      detalle: detalle ?? null,
    });

  async function obtener(id: number, soloActivos: boolean): Promise<Categoria> {
    const fila = await repo.buscar(id, soloActivos);
    if (!fila) throw noExiste();
    return fila;
  }

  return {
    listar(q: string | undefined, esPersonal: boolean): Promise<Categoria[]> {
      return repo.listar({ q, soloActivas: !esPersonal });
    },

    /** The public gets a 404 for an inactive category (its existence is not public). */
    async buscar(id: number, esPersonal: boolean): Promise<Categoria> {
      const fila = await obtener(id, !esPersonal);
      if (!esPersonal && !fila.activa) throw noExiste();
      return fila;
    },

    async crear(datos: z.output<typeof crearCategoriaSchema>, actor: Actor, origen: Origen): Promise<Categoria> {
      const id = await transaccion(async (tx) => {
        const nueva = await tx.categorias.crear({
          nombre: datos.nombre,
          descripcion: datos.descripcion || null,
          activa: datos.activa,
        });
        if (nueva === 'duplicada') throw duplicada();
        await auditar(tx, actor, origen, 'categoria.crear', nueva);
        return nueva;
      });
      return obtener(id, false);
    },

    async editar(
      id: number,
      datos: z.output<typeof editarCategoriaSchema>,
      actor: Actor,
      origen: Origen,
    ): Promise<Categoria> {
      const valores = {
        ...(datos.nombre !== undefined ? { nombre: datos.nombre } : {}),
        ...(datos.descripcion !== undefined ? { descripcion: datos.descripcion || null } : {}),
        ...(datos.activa !== undefined ? { activa: datos.activa } : {}),
      };
      await transaccion(async (tx) => {
        const r = await tx.categorias.editar(id, valores);
        if (r === 'duplicada') throw duplicada();
        if (!r) throw noExiste();
        await auditar(tx, actor, origen, 'categoria.editar', id, Object.keys(valores).join(','));
      });
      return obtener(id, false);
    },

    async eliminar(id: number, actor: Actor, origen: Origen): Promise<{ mensaje: string }> {
      const n = await repo.contarProcedimientos(id);
      const r = await transaccion(async (tx) => {
        const hecho = n > 0 ? 'con_procedimientos' : await tx.categorias.eliminar(id);
        if (hecho === 'no_existe' || hecho === 'con_procedimientos') return hecho;
        await auditar(tx, actor, origen, 'categoria.eliminar', id);
        return hecho;
      });
      if (r === 'no_existe') throw noExiste();
      if (r === 'con_procedimientos') {
        const total = n > 0 ? n : await repo.contarProcedimientos(id);
        throw new AppError('CATEGORIA_CON_PROCEDIMIENTOS', 409, mensajeConProcedimientos(Math.max(total, 1)));
      }
      return { mensaje: 'Categoría eliminada.' };
    },
  };
}
export type CategoriasService = ReturnType<typeof createCategoriasService>;
