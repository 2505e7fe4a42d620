// Exam results and before/after photos of an appointment (issue 9, items 4 and 6): one fetcher + query options +
// hook per operation (STYLE 8), typed from adjuntosEndpoints. Uploads send FormData; each refreshes its list.
import {
  adjuntosRutas,
  CAMPO_ARCHIVO,
  CAMPO_ETIQUETA,
  CAMPO_ORDEN,
  CAMPO_ZONA,
  type EtiquetaFoto,
} from '@clinica/contracts/adjuntos-rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type ResultadosDeCitaWire = RespuestaApi<typeof adjuntosRutas.resultados>;
export type ResultadoWire = ResultadosDeCitaWire['resultados'][number];
export type FotosDeCitaWire = RespuestaApi<typeof adjuntosRutas.fotos>;

export const adjuntosKeys = {
  resultados: (citaId: number) => ['resultados', 'cita', citaId] as const,
  fotos: (citaId: number) => ['fotos', 'cita', citaId] as const,
};

export const resultadosDeCita = (citaId: number) => api(adjuntosRutas.resultados, { params: { citaId } });
export function subirResultado(citaId: number, archivo: File, ordenExamenId: number | null) {
  const body = new FormData();
  if (ordenExamenId !== null) body.append(CAMPO_ORDEN, String(ordenExamenId));
  body.append(CAMPO_ARCHIVO, archivo);
  return api(adjuntosRutas.subirResultado, { params: { citaId }, body });
}
export const fotosDeCita = (citaId: number) => api(adjuntosRutas.fotos, { params: { citaId } });
export function subirFoto(citaId: number, d: { archivo: File; etiqueta: EtiquetaFoto; zona: string }) {
  const body = new FormData();
  body.append(CAMPO_ETIQUETA, d.etiqueta);
  body.append(CAMPO_ZONA, d.zona);
  body.append(CAMPO_ARCHIVO, d.archivo);
  return api(adjuntosRutas.subirFoto, { params: { citaId }, body });
}

export const resultadosQuery = (citaId: number) =>
  queryOptions({ queryKey: adjuntosKeys.resultados(citaId), queryFn: () => resultadosDeCita(citaId) });
export const fotosQuery = (citaId: number) =>
  queryOptions({ queryKey: adjuntosKeys.fotos(citaId), queryFn: () => fotosDeCita(citaId) });

export const useResultados = (citaId: number) => useQuery(resultadosQuery(citaId));
export const useFotos = (citaId: number) => useQuery(fotosQuery(citaId));

export function useSubirResultado(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { archivo: File; ordenExamenId: number | null }) =>
      subirResultado(citaId, d.archivo, d.ordenExamenId),
    onSuccess: () => qc.invalidateQueries({ queryKey: adjuntosKeys.resultados(citaId) }),
  });
}

export function useSubirFoto(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { archivo: File; etiqueta: EtiquetaFoto; zona: string }) => subirFoto(citaId, d),
    onSuccess: () => qc.invalidateQueries({ queryKey: adjuntosKeys.fotos(citaId) }),
  });
}
