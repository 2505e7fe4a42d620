// What a list or section shows for its query, in the order every screen checks it: a skeleton while it loads, the
// error with a retry, the empty state when there is nothing to show, else the content.
//   <ContenidoDeConsulta consulta={q} cargando={<SkeletonTabla />} vacio={items.length === 0 && <EstadoVacio … />}>
import type { ReactNode } from 'react';
import { ErrorDeCarga } from './estado-error.tsx';

type Consulta = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  isFetching: boolean;
};

type Props = {
  consulta: Consulta;
  cargando: ReactNode;
  /** The empty state, or false/null when there is something to show. */
  vacio?: ReactNode;
  /** The error state's title, when the general one says too little ("No pudimos cargar los bloqueos"). */
  tituloError?: string;
  children: ReactNode;
};

export function ContenidoDeConsulta({ consulta, cargando, vacio, tituloError, children }: Props) {
  if (consulta.isPending) return cargando;
  if (consulta.isError) return <ErrorDeCarga consulta={consulta} titulo={tituloError} />;
  return vacio || children;
}
