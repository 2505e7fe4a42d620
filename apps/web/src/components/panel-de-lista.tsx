// A bordered panel around a list, headed by an icon and a short label, with an optional action on the right (the
// administration lists: «Bandeja de salida», «Últimos respaldos», «Últimos 7 días»).
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { icono: ReactNode; titulo: string; accion?: ReactNode; children: ReactNode };

export function PanelDeLista({ icono, titulo, accion, children }: Props) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            {icono}
            <Text fw={600}>{titulo}</Text>
          </Group>
          {accion}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
