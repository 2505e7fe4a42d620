// The catalogue screens are for staff (DOMAIN: asistente, doctor, administrador). Routes are guarded only by
// the token (SPEC 6) and the server refuses writes to anyone else; this says so plainly instead of showing
// forms that would fail.
import { rolesGestionCatalogo } from '@clinica/contracts/catalogo';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { useAuth } from '../../../lib/session/auth-context.tsx';

export function esPersonalCatalogo(rol: string | null | undefined): boolean {
  return !!rol && (rolesGestionCatalogo as readonly string[]).includes(rol.trim().toLowerCase());
}

export function AccesoPersonal({ children }: { children: ReactNode }) {
  const { userRole } = useAuth();
  // An unknown role (no claim) is left to the server to judge.
  if (userRole && !esPersonalCatalogo(userRole)) {
    return (
      <EstadoVacio
        icono={<IconLock size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Esta sección es para el equipo de la clínica"
        descripcion="El catálogo de procedimientos lo administran el personal asistencial, los médicos y la administración. Puedes ver los tratamientos en Servicios."
        accion={
          <Button component={Link} to={paths.servicios}>
            Ver servicios
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
