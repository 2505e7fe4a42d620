// The heading of one card of «Mi perfil» (an h2 whose id names the card's form or section) and, when given, the
// dimmed line under it.
import { Stack, Text, Title } from '@mantine/core';

export function EncabezadoTarjeta({ id, titulo, descripcion }: { id: string; titulo: string; descripcion?: string }) {
  const titular = (
    <Title order={2} fz="h3" id={id}>
      {titulo}
    </Title>
  );
  if (!descripcion) return titular;
  return (
    <Stack gap={4}>
      {titular}
      <Text size="sm" c="dimmed">
        {descripcion}
      </Text>
    </Stack>
  );
}
