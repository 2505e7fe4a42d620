// Empty state for lists and sections: an icon, what is (not) here and what to do next.
//   <EstadoVacio titulo="Aún no hay procedimientos" descripcion="Crea el primero." accion={<Button>…</Button>} />
import { EmptyState } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type EstadoVacioProps = {
  titulo: ReactNode;
  descripcion?: ReactNode;
  icono?: ReactNode;
  accion?: ReactNode;
};

export function EstadoVacio({ titulo, descripcion, icono, accion }: EstadoVacioProps) {
  return (
    <EmptyState
      py="xl"
      variant="light"
      icon={icono ?? <IconMoodEmpty size={26} stroke={1.6} aria-hidden="true" />}
      title={titulo}
      description={descripcion}
    >
      {accion && <EmptyState.Actions>{accion}</EmptyState.Actions>}
    </EmptyState>
  );
}
