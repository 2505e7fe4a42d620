// A category id that names nothing (malformed, or the category was deleted).
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';

export function CategoriaNoExiste() {
  return (
    <EstadoVacio
      titulo="Esta categoría no existe"
      descripcion="Puede que la hayan eliminado. Vuelve a la lista de categorías."
      accion={
        <Button component={Link} to={paths.categorias}>
          Ver categorías
        </Button>
      }
    />
  );
}
