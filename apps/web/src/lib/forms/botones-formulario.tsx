// The end of a create/edit form: 'Cancelar' back to where the person came from (when it left another screen for
// it), and the submit button.
import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  cancelarA?: string;
  enviando: boolean;
  icono?: ReactNode;
  mt?: MantineSpacing;
  children: ReactNode;
};

export function BotonesFormulario({ cancelarA, enviando, icono, mt, children }: Props) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      {cancelarA && (
        <Button component={Link} to={cancelarA} variant="default">
          Cancelar
        </Button>
      )}
      <Button type="submit" loading={enviando} leftSection={icono}>
        {children}
      </Button>
    </Group>
  );
}
