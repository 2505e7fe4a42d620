// One item of a list whose items have a state (outgoing e-mails, backups): its heading, the state as a badge in
// text and colour, a dimmed line of details, why it failed, and anything more below.
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Estado } from '../app/theme.ts';
import { CitaBadge } from './cita-badges.tsx';

type Props = {
  cabecera: ReactNode;
  estado: { texto: string; tono: Estado };
  /** Joined with « · »; the empty ones are left out. */
  detalles: (string | null)[];
  /** Why it failed, in red (nothing when it did not). */
  fallo?: ReactNode;
  /** The item's name for screen readers, when its heading alone does not say it. */
  etiqueta?: string;
  children?: ReactNode;
};

export function TarjetaConEstado({ cabecera, estado, detalles, fallo, etiqueta, children }: Props) {
  return (
    <Paper component="li" withBorder p={{ base: 'sm', sm: 'md' }} aria-label={etiqueta}>
      <Stack gap="xs">
        {/* wrap: on a phone a long badge ("Guardado en el buzón local") goes under the heading, never squeezes it. */}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0, flex: '1 1 12rem' }}>{cabecera}</div>
          <CitaBadge tono={estado.tono} texto={estado.texto} size="sm" />
        </Group>
        <Text size="xs" c="dimmed">
          {detalles.filter(Boolean).join(' · ')}
        </Text>
        {fallo && (
          <Text size="sm" c="red.8">
            {fallo}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
