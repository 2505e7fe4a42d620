// "Productos aplicados" (issue 24, item 3): for a patient, every product and lot applied in her signed notes. The
// patient reads her own; doctors and administrators any patient's (each read audited, and shown to her among who
// read her record); assistants are refused by the route (they keep the stock, never who received what).
import { LIMITE_PRODUCTOS_APLICADOS, type ProductoRecibido } from '@clinica/contracts/productos-aplicados';
import type { ZonaFacial } from '@clinica/contracts/mapa-facial';
import { noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { HistoriasRepository } from './historias.repository.ts';
import type { FilaProductoAplicado } from './productos-aplicados.repository.ts';

export const MENSAJES_PRODUCTOS_APLICADOS = {
  soloPropios: 'Solo puedes ver los productos que te aplicaron a ti.',
  noPaciente: 'No encontramos a esa paciente.',
} as const;

/** One row as it leaves the server: quantities in the product's unit, each zone once, in chart order. */
export const productoAplicadoWire = (f: FilaProductoAplicado): ProductoRecibido => ({
  evolucion_id: f.evolucion_id,
  cita_id: f.cita_id,
  fecha: f.fecha,
  procedimiento: f.procedimiento,
  producto: {
    id: f.producto_id,
    nombre: f.producto_nombre,
    tipo: f.tipo,
    registro_invima: f.registro_invima,
    unidad: f.unidad,
  },
  lote: { id: f.lote_id, numero: f.lote_numero, vence_el: f.vence_el },
  // Stored in hundredths of the unit (docs/trazabilidad.md).
  cantidad: Number(f.cantidad) / 100,
  zonas: [...new Set((f.zonas ?? '').split(',').filter(Boolean))] as ZonaFacial[],
  doctor: { id: f.doctor_id, nombre: f.doctor_nombre },
});

export function createProductosAplicadosService(deps: {
  repos: { historias: Pick<HistoriasRepository, 'productosAplicados' | 'rolDe'>; auditoria: AuditoriaRepository };
}) {
  const { repos } = deps;
  return {
    /** Newest first. */
    async dePaciente(actor: Actor, pacienteId: number, origen: Origen): Promise<ProductoRecibido[]> {
      if (actor.rol === 'paciente') {
        if (actor.id !== pacienteId) throw prohibido(MENSAJES_PRODUCTOS_APLICADOS.soloPropios);
      } else if (actor.rol !== 'doctor' && actor.rol !== 'administrador') {
        throw prohibido();
      } else if ((await repos.historias.rolDe(pacienteId))?.rol !== 'paciente') {
        throw noEncontrado(MENSAJES_PRODUCTOS_APLICADOS.noPaciente);
      }
      const filas = await repos.historias.productosAplicados(pacienteId, LIMITE_PRODUCTOS_APLICADOS);
      if (actor.rol !== 'paciente') {
        const detalle = `paciente=${pacienteId}; filas=${filas.length}`;
        await auditarExito(repos, actor, 'productos_aplicados.leer', 'usuario', pacienteId, detalle, origen);
      }
      return filas.map(productoAplicadoWire);
    },
  };
}
export type ProductosAplicadosService = ReturnType<typeof createProductosAplicadosService>;
