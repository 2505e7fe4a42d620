// A bordered section of a screen, named by its h2 (aria-labelledby): an optional icon before the title and
// something beside it (a count, a badge), an action on the right (a link, a switch), a line under the title, and
// then its content.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  /** The title's id, which names the section. */
  id: string;
  titulo: ReactNode;
  icono?: Icon;
  junto?: ReactNode;
  accion?: ReactNode;
  descripcion?: ReactNode;
  /** Stretches to the height of its row (a column beside a taller one). */
  altoCompleto?: boolean;
  className?: string;
  children: ReactNode;
};

export function SeccionConTitulo({
  id,
  titulo,
  icono: Icono,
  junto,
  accion,
  descripcion,
  altoCompleto,
  className,
  children,
}: Props) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      h={altoCompleto ? '100%' : undefined}
      className={className}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs">
              {Icono && <Icono size={22} aria-hidden="true" color="var(--mantine-color-anchor)" />}
              <Title order={2} fz="h4" id={id}>
                {titulo}
              </Title>
              {junto}
            </Group>
            {descripcion && (
              <Text size="sm" c="dimmed">
                {descripcion}
              </Text>
            )}
          </div>
          {accion}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
