// What a catalogue screen shows for a record it loads by id until the record is there: that it does not
// exist, a skeleton, or the error with a retry.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { ApiClientError } from '../../../lib/api-client.ts';

/** A malformed id (400) or a deleted record (404): nothing to retry. */
export function noEncontrado(error: unknown): boolean {
  return error instanceof ApiClientError && [400, 404].includes(error.status);
}

type Props<T> = {
  query: UseQueryResult<T>;
  /** Shown instead of anything else when the record does not exist (or no id was given). */
  noExiste: ReactNode;
  lineas: number;
  etiqueta: string;
  children: (data: T) => ReactNode;
};

export function CargaPorId<T>({ query, noExiste, lineas, etiqueta, children }: Props<T>) {
  if (noExiste) return noExiste;
  if (query.isPending) return <SkeletonLineas lineas={lineas} etiqueta={etiqueta} />;
  if (query.isError) {
    return <ErrorDeCarga consulta={query} />;
  }
  return children(query.data);
}
