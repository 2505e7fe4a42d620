// The one screen a signed-in person sees on a page their role cannot use (issue 11.8): what happened and a way
// back to their panel. Never an error with "Reintentar": a 403 does not change by trying again.
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { EstadoVacio } from './estado-vacio.tsx';

export const SIN_ACCESO_TITULO = 'No tienes acceso a esta sección';

/** `accion` replaces the way back to the panel when there is a better place to go (e.g. «Mis citas»). */
export function SinAcceso({ descripcion, accion }: { descripcion?: ReactNode; accion?: ReactNode }) {
  return (
    <EstadoVacio
      icono={<IconLock size={26} stroke={1.6} aria-hidden="true" />}
      titulo={SIN_ACCESO_TITULO}
      nivel={1}
      descripcion={
        descripcion ??
        'Tu rol no permite usar esta página. Si crees que deberías poder, pídeselo al administrador de la clínica.'
      }
      accion={
        accion ?? (
          <Button component={Link} to={paths.dashboard} variant="light">
            Volver a mi panel
          </Button>
        )
      }
    />
  );
}
