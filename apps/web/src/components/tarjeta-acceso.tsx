// The centred card of the account screens (sign in, sign up, password recovery and reset, e-mail confirmation):
// the page's h1, an optional dimmed line under it, and the screen's own content.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  titulo: ReactNode;
  descripcion?: ReactNode;
  /** The sign-up form is wider (two columns of fields); the rest are one narrow column. */
  ancho?: 460 | 760;
  children: ReactNode;
};

export function TarjetaAcceso({ titulo, descripcion, ancho = 460, children }: Props) {
  const encabezado = (
    <Title order={1} fz="h2">
      {titulo}
    </Title>
  );
  return (
    <Stack align="center" py={{ base: 'lg', sm: ancho === 460 ? 56 : 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={ancho}>
        <Stack gap="lg">
          {descripcion ? (
            <Stack gap={6}>
              {encabezado}
              <Text c="dimmed">{descripcion}</Text>
            </Stack>
          ) : (
            encabezado
          )}
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
