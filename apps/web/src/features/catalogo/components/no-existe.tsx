// An id that names nothing (malformed, or the category or procedure was deleted): say so and lead to the list.
import { BotonEnlace } from '../../../components/boton-enlace.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { paths } from '../../../lib/paths.ts';

export function CategoriaNoExiste() {
  return (
    <EstadoVacio
      titulo="Esta categoría no existe"
      descripcion="Puede que la hayan eliminado. Vuelve a la lista de categorías."
      accion={<BotonEnlace a={paths.categorias}>Ver categorías</BotonEnlace>}
    />
  );
}

export function ProcedimientoNoExiste() {
  return (
    <EstadoVacio
      titulo="Este procedimiento no existe"
      descripcion="Puede que lo hayan eliminado. Vuelve a la lista de procedimientos."
      accion={<BotonEnlace a={paths.consultarProcedimientos}>Ver procedimientos</BotonEnlace>}
    />
  );
}
