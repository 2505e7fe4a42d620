// An icon-only action of a row or an item (see, edit, cancel, remove): the tooltip says what it does, the
// accessible name on which row. A link with `to`, a button with `onClick`.
import { ActionIcon, Table, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

type Props = {
  tooltip: string;
  etiqueta: string;
  icono: Icon;
  /** Red for what removes or cancels. */
  color?: 'red';
  loading?: boolean;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

export function AccionIcono({ tooltip, etiqueta, icono: Icono, to, ...boton }: Props) {
  const icono = <Icono size={18} aria-hidden="true" />;
  return (
    <Tooltip label={tooltip}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={etiqueta} {...boton}>
          {icono}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" size="lg" aria-label={etiqueta} {...boton}>
          {icono}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** The header of a table's last column, where the rows' AccionIcono go. */
export function EncabezadoAcciones() {
  return (
    <Table.Th scope="col" ta="right">
      Acciones
    </Table.Th>
  );
}
