// The buttons closing a dialog or an inline form: the way back (disabled while the request runs) and, after it,
// the confirming button the caller gives.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export function AccionesDialogo({
  volver = 'Volver',
  onVolver,
  ocupado,
  children,
}: {
  volver?: string;
  onVolver: () => void;
  ocupado: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onVolver} disabled={ocupado}>
        {volver}
      </Button>
      {children}
    </Group>
  );
}
