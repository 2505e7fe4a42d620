// A section of a page in a bordered card, named by its heading (aria-labelledby): the heading, an optional line
// under it saying what the section holds, an optional action at its right, then the content.
//   <SeccionTarjeta id="imagenes-titulo" titulo="Imágenes" descripcion="JPEG, PNG o WebP…">…</SeccionTarjeta>
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the section. */
  id: string;
  titulo: ReactNode;
  descripcion?: ReactNode;
  /** Shown at the heading's right; passing it (even `false`) puts the heading in a row. */
  accion?: ReactNode;
  /** The heading's level: 2 on a screen, 3 inside a section of its own. */
  nivel?: 2 | 3;
  /** The card's padding from small screens up (md on phones). */
  relleno?: 'lg' | 'xl';
  /** The card's background, e.g. "var(--clinica-superficie)". */
  bg?: string;
  className?: string;
  children: ReactNode;
};

export function SeccionTarjeta({
  id,
  titulo,
  descripcion,
  accion,
  nivel = 2,
  relleno = 'xl',
  bg,
  className,
  children,
}: Props) {
  const encabezado = (
    <Title order={nivel} fz="h4" id={id}>
      {titulo}
    </Title>
  );
  const conDescripcion = descripcion ? (
    <div>
      {encabezado}
      <Text size="sm" c="dimmed">
        {descripcion}
      </Text>
    </div>
  ) : (
    encabezado
  );
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: relleno }}
      bg={bg}
      className={className}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="md">
        {accion === undefined ? (
          conDescripcion
        ) : (
          <Group justify="space-between">
            {conDescripcion}
            {accion}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
