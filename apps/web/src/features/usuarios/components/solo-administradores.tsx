// Shown instead of an administrators-only screen to anyone else (the server would refuse them anyway).
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';

export function SoloAdministradores() {
  return (
    <EstadoVacio
      icono={<IconLock size={26} stroke={1.6} aria-hidden="true" />}
      titulo="Esta sección es solo para administradores"
      descripcion="Si necesitas crear o modificar una cuenta, pídeselo al administrador de la clínica."
      accion={
        <Button component={Link} to={paths.dashboard} variant="light">
          Volver al panel
        </Button>
      }
    />
  );
}
