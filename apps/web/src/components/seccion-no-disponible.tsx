// Shown by the routes of sections that exist in the route table (SPEC 2) but are not enabled in this installation
// yet (medical records, appointments, notifications). It says so plainly and offers a way back to the panel.
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { usePageMeta } from './use-page-meta.ts';

export type SeccionNoDisponibleProps = {
  /** Name of the section, e.g. 'Calendario de citas'. */
  seccion?: string;
};

export function SeccionNoDisponible({ seccion }: SeccionNoDisponibleProps) {
  usePageMeta({ title: seccion ?? 'Sección no habilitada' });
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto" mt="lg">
      <Stack align="flex-start" gap="md">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        {seccion && (
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.14em' }}>
            {seccion}
          </Text>
        )}
        <Title order={1} fz="h2">
          Esta sección no está habilitada
        </Title>
        <Text c="dimmed">
          {seccion ? `«${seccion}»` : 'Esta parte del sistema'} todavía no está habilitada en esta instalación de la
          clínica. Tus datos no se ven afectados; cuando el equipo la active, la encontrarás en esta misma dirección.
        </Text>
        <Button component={Link} to={paths.dashboard} leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          Volver al panel
        </Button>
      </Stack>
    </Paper>
  );
}

export default SeccionNoDisponible;
