// The agenda screens (and editing an appointment) are for the clinic's staff; anyone else sees the one no-access
// screen instead (the server would refuse them), pointing to their own appointments.
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { permite, rolesPersonalCitas, type Rol } from '@clinica/contracts/roles';
import { SinAcceso } from '../sin-acceso.tsx';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';

export function SoloPersonal({
  roles = rolesPersonalCitas,
  descripcion = 'La agenda es para el personal de la clínica. Tus citas están en «Mis citas».',
  children,
}: {
  roles?: readonly Rol[];
  descripcion?: string;
  children: ReactNode;
}) {
  const { userRole } = useAuth();
  if (permite(roles, userRole)) return children;
  return (
    <SinAcceso
      descripcion={descripcion}
      accion={
        <Button component={Link} to={paths.misCitas} variant="light">
          Ir a mis citas
        </Button>
      }
    />
  );
}
