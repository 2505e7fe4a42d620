// An appointment a screen loads by the id in its path, in its four states: none (a bad id, or one the server
// will not show: 404 or 403), loading, failed with a retry, and loaded.
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import type { ReactNode } from 'react';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { ApiClientError } from '../../../lib/api-client.ts';
import type { useCita } from '../../../lib/api/citas/get-cita.ts';
import { ErrorDeCarga } from './seccion-cita.tsx';

type ConsultaCita = ReturnType<typeof useCita>;

export function CitaCargada({
  id,
  cita,
  sinCita,
  children,
}: {
  id: number;
  cita: ConsultaCita;
  /** What the "not found" state says and offers. */
  sinCita: { descripcion: string; accion: ReactNode };
  children: (cita: NonNullable<ConsultaCita['data']>) => ReactNode;
}) {
  const noExiste =
    id === 0 || (cita.error instanceof ApiClientError && (cita.error.status === 404 || cita.error.status === 403));
  if (noExiste) return <EstadoVacio titulo={MENSAJES_CITAS.noEncontrada} {...sinCita} />;
  if (cita.isPending) return <SkeletonLineas lineas={6} etiqueta="Cargando la cita…" />;
  if (cita.isError) return <ErrorDeCarga titulo="No se pudo cargar la cita" consulta={cita} />;
  return children(cita.data);
}
