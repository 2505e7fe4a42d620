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

/** The part of a TanStack query the error state reads. */
type ConsultaFallida = { error: Error | null; refetch: () => unknown; isFetching: boolean };

/**
 * A failed query's error state: the server's message (every api() failure is an ApiClientError, whose message is
 * the body's Spanish `error`) and a retry that refetches it.
 *   if (q.isError) return <ErrorDeCarga consulta={q} />;
 */
export function ErrorDeCarga({ consulta, titulo }: { consulta: ConsultaFallida; titulo?: string }) {
  return (
    <EstadoError
      titulo={titulo}
      mensaje={consulta.error?.message}
      onRetry={() => void consulta.refetch()}
      reintentando={consulta.isFetching}
    />
  );
}
