// The red list of what a clinician must see before a procedure (allergies, pregnancy, conditions needing care),
// with its count in the title: the same look on the record, the desk's summary and the appointment details; and
// its green counterpart when there is nothing to watch for.
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
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

/** No alerts recorded: the title and what was checked (by default, what the record's alerts cover). */
export function SinAlertasClinicas({
  titulo,
  children = 'No hay embarazo, alergias ni condiciones de cuidado registradas.',
}: {
  titulo: string;
  children?: ReactNode;
}) {
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />} title={titulo}>
      {children}
    </Alert>
  );
}
