// The actions at the end of a catalogue table row: details, edit, and delete once the person confirms.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';

export type Confirmacion = { titulo: string; cuerpo: ReactNode; boton: string };

/** Asks before deleting; nothing is sent unless the person presses the red button. */
export function confirmarEliminacion({ titulo, cuerpo, boton }: Confirmacion, onConfirm: () => void) {
  modals.openConfirmModal({
    title: titulo,
    children: cuerpo,
    labels: { confirm: boton, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

type Props = {
  nombre: string;
  /** The 'Ver detalles' control: a link, or a button where the selection travels another way. */
  ver: ReactElement;
  editarA: string;
  eliminando: boolean;
  confirmacion: Confirmacion;
  onEliminar: () => void;
};

export function AccionesFila({ nombre, ver, editarA, eliminando, confirmacion, onEliminar }: Props) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Ver detalles">{ver}</Tooltip>
      <Tooltip label="Editar">
        <ActionIcon component={Link} to={editarA} variant="subtle" aria-label={`Editar ${nombre}`}>
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Eliminar">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Eliminar ${nombre}`}
          loading={eliminando}
          onClick={() => confirmarEliminacion(confirmacion, onEliminar)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
