// Error state for a failed load: a short Spanish message and a retry button. Announced to screen readers.
//   <EstadoError mensaje={error.message} onRetry={() => query.refetch()} />
import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export type EstadoErrorProps = {
  /** What went wrong, in Spanish (ApiClientError messages already are). */
  mensaje?: string;
  titulo?: string;
  onRetry?: () => void;
  /** Shows a loader on the button while the retry runs. */
  reintentando?: boolean;
};

export function EstadoError({
  mensaje = 'Ocurrió un error inesperado. Inténtalo de nuevo en unos segundos.',
  titulo = 'No pudimos cargar la información',
  onRetry,
  reintentando = false,
}: EstadoErrorProps) {
  return (
    <EmptyState
      py="xl"
      role="alert"
      variant="light"
      color="red"
      icon={<IconAlertTriangle size={26} stroke={1.6} aria-hidden="true" />}
      title={titulo}
      description={mensaje}
    >
      {onRetry && (
        <EmptyState.Actions>
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
            onClick={onRetry}
            loading={reintentando}
          >
            Reintentar
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
