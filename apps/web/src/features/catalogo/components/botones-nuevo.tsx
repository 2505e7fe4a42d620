// The catalogue's recurring buttons: create a category or a procedure (page headers and empty lists), and see an
// active procedure on the public site.
import { Button } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
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

/** The procedure's page on the public site (only an active procedure has one). */
export function BotonVerEnElSitio({ procedimientoId }: { procedimientoId: number }) {
  return (
    <Button
      component={Link}
      to={paths.servicio(procedimientoId)}
      variant="light"
      rightSection={<IconExternalLink size={16} aria-hidden="true" />}
    >
      Ver en el sitio
    </Button>
  );
}
