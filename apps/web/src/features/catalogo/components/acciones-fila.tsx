// The actions at the end of a catalogue table row: details, edit, and delete once the person confirms.
import { Group, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { BotonIcono } from '../../../components/boton-icono.tsx';

export type Confirmacion = { titulo: string; cuerpo: ReactNode; boton: string; color?: string };

/** Asks before deleting; nothing is sent unless the person presses the red button. */
export function confirmarEliminacion({ titulo, cuerpo, boton, color = 'red' }: Confirmacion, onConfirm: () => void) {
  modals.openConfirmModal({
    title: titulo,
    children: cuerpo,
    labels: { confirm: boton, cancel: 'Cancelar' },
    confirmProps: { color },
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
  /** Shown instead of 'Eliminar' when the row cannot be deleted (a category with procedures offers 'Desactivar'). */
  enLugarDeEliminar?: ReactElement;
};

export function AccionesFila({ nombre, ver, editarA, eliminando, confirmacion, onEliminar, enLugarDeEliminar }: Props) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Ver detalles">{ver}</Tooltip>
      <BotonIcono ayuda="Editar" nombre={`Editar ${nombre}`} icono={IconEdit} a={editarA} />
      {enLugarDeEliminar ?? (
        <BotonIcono
          ayuda="Eliminar"
          nombre={`Eliminar ${nombre}`}
          icono={IconTrash}
          color="red"
          loading={eliminando}
          onClick={() => confirmarEliminacion(confirmacion, onEliminar)}
        />
      )}
    </Group>
  );
}
