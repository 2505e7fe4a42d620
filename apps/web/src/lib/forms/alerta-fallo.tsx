// What went wrong with a form as a whole, above its fields; announced at once to screen readers.
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function AlertaFallo({ titulo, mensaje }: { titulo: string | undefined; mensaje: string | null | undefined }) {
  if (!mensaje) return null;
  return (
    <Alert color="red" variant="light" title={titulo} icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {mensaje}
    </Alert>
  );
}
