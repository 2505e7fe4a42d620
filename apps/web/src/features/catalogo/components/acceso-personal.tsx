// The catalogue screens are for staff (DOMAIN: asistente, doctor, administrador). Routes are guarded only by
// the token (SPEC 6) and the server refuses writes to anyone else; this says so plainly instead of showing
// forms that would fail, with the one "no access" screen every section uses (issue 11.8).
import { permite, rolesGestionCatalogo } from '@clinica/contracts/roles';
import type { ReactNode } from 'react';
import { SinAcceso } from '../../../components/sin-acceso.tsx';
import { useAuth } from '../../../lib/session/auth-context.tsx';

export function esPersonalCatalogo(rol: string | null | undefined): boolean {
  return permite(rolesGestionCatalogo, rol);
}

export function AccesoPersonal({ children }: { children: ReactNode }) {
  const { userRole } = useAuth();
  // An unknown role (no claim) is left to the server to judge.
  if (userRole && !esPersonalCatalogo(userRole)) {
    return (
      <SinAcceso descripcion="El catálogo de procedimientos lo administran el personal asistencial, los médicos y la administración. Puedes ver los tratamientos en Servicios." />
    );
  }
  return <>{children}</>;
}
