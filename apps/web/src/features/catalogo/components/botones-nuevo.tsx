// The calls to create a category or a procedure, the same in page headers and in empty lists.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

export function BotonNuevaCategoria() {
  return (
    <Button component={Link} to={paths.crearCategoria} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      Nueva categoría
    </Button>
  );
}

export function BotonNuevoProcedimiento() {
  return (
    <Button component={Link} to={paths.crearProcedimiento} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      Nuevo procedimiento
    </Button>
  );
}
