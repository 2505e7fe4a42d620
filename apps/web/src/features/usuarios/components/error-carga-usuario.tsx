// A user that failed to load: a 404 is final (no retry), a 403 is the "no access" screen; anything else can be
// tried again.
import type { UseQueryResult } from '@tanstack/react-query';
import { EstadoError } from '../../../components/estado-error.tsx';
import { SinAcceso } from '../../../components/sin-acceso.tsx';
import { ApiClientError } from '../../../lib/api-client.ts';

export function ErrorCargaUsuario({ q }: { q: UseQueryResult<unknown> }) {
  const status = q.error instanceof ApiClientError ? q.error.status : null;
  if (status === 403) return <SinAcceso descripcion={(q.error as ApiClientError).body.error} />;
  const noExiste = status === 404;
  return (
    <EstadoError
      titulo={noExiste ? 'No encontramos ese usuario' : undefined}
      mensaje={q.error instanceof ApiClientError ? q.error.body.error : undefined}
      onRetry={noExiste ? undefined : () => void q.refetch()}
      reintentando={q.isRefetching}
    />
  );
}
