// The agenda screens are for the clinic's staff; anyone else sees the one no-access screen instead (the server
// would refuse them), pointing to their own appointments.
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { permite, rolesPersonalCitas } from '@clinica/contracts/roles';
import { SinAcceso } from '../../../components/sin-acceso.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';

export function SoloPersonal({ children }: { children: ReactNode }) {
  const { userRole } = useAuth();
  if (permite(rolesPersonalCitas, userRole)) return children;
  return (
    <SinAcceso
      descripcion="La agenda es para el personal de la clínica. Tus citas están en «Mis citas»."
      accion={
        <Button component={Link} to={paths.misCitas} variant="light">
          Ir a mis citas
        </Button>
      }
    />
  );
}
