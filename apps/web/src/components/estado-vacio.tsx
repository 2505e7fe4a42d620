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
  /** Makes the title a heading of this level (h1 when the state is the whole screen, as the no-access one is). */
  nivel?: 1 | 2 | 3 | 4;
};

export function EstadoVacio({ titulo, descripcion, icono, accion, nivel }: EstadoVacioProps) {
  return (
    <EmptyState
      py="xl"
      variant="light"
      icon={icono ?? <IconMoodEmpty size={26} stroke={1.6} aria-hidden="true" />}
      title={nivel ? undefined : titulo}
      description={nivel ? undefined : descripcion}
    >
      {nivel && <EmptyState.Title order={nivel}>{titulo}</EmptyState.Title>}
      {nivel && descripcion && <EmptyState.Description>{descripcion}</EmptyState.Description>}
      {accion && <EmptyState.Actions>{accion}</EmptyState.Actions>}
    </EmptyState>
  );
}
