// Screen header used by dashboard and public screens: one h1 title, an optional description and actions.
//   <PageHeader title="Procedimientos" description="Lo que ofrece la clínica." actions={<Button>Nuevo</Button>} />
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links aligned to the right (below the title on phones). */
  actions?: ReactNode;
  /** Small text above the title, e.g. the area ('Catálogo'). */
  eyebrow?: ReactNode;
};

export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="xl" wrap="wrap">
      <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
        {eyebrow && (
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.14em' }}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" maw={680}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
