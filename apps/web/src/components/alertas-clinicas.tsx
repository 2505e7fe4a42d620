// The red list of what a clinician must see before a procedure (allergies, pregnancy, conditions needing care),
// with its count in the title: the same look on the record, the desk's summary and the appointment details.
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function AlertasClinicas({
  titulo,
  alertas,
  children,
}: {
  titulo: string;
  alertas: readonly string[];
  children?: ReactNode;
}) {
  const lista = (
    <List spacing={4} size="sm">
      {alertas.map((a) => (
        <List.Item key={a}>
          <Text size="sm" fw={600} span>
            {a}
          </Text>
        </List.Item>
      ))}
    </List>
  );
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={`${titulo} (${alertas.length})`}
      styles={{ root: { borderInlineStart: '4px solid var(--mantine-color-red-filled)' } }}
    >
      {children ? (
        <Stack gap="xs">
          {lista}
          {children}
        </Stack>
      ) : (
        lista
      )}
    </Alert>
  );
}
