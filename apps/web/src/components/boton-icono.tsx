// An icon-only button of a table row or a card (see, edit, move, delete): the tooltip says what it does or why it
// cannot, `nombre` names it for screen readers with the row it acts on, and `a` makes it a link to that page.
//   <BotonIcono ayuda="Editar" nombre={`Editar ${nombre}`} icono={IconPencil} a={paths.editarCita(id)} />
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

type Props = Omit<ActionIconProps, 'children'> & {
  ayuda: ReactNode;
  nombre: string;
  icono: Icon;
  a?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  'aria-disabled'?: 'true';
  'aria-describedby'?: string;
  'data-disabled'?: boolean;
};

export function BotonIcono({ ayuda, nombre, icono: Icono, a, ...props }: Props) {
  const icono = <Icono size={18} aria-hidden="true" />;
  return (
    <Tooltip label={ayuda}>
      {a ? (
        <ActionIcon component={Link} to={a} variant="subtle" aria-label={nombre} {...props}>
          {icono}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" aria-label={nombre} {...props}>
          {icono}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
