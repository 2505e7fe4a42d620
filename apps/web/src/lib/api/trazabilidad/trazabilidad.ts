// Traceability and retreatment recall on the web (issue 24, items 3-4): who received a lot and the notices sent to
// them, a patient's own notices, the desk's recall list and the clinic's intervals.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyDe, QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { trazabilidadRutas as r } from '@clinica/contracts/trazabilidad-rutas';
import { api, type RespuestaApi } from '../../api-client.ts';

export type PacientesLoteWire = RespuestaApi<typeof r.pacientesLote>;
export type PacienteLoteWire = PacientesLoteWire['pacientes'][number];
export type AlertaLoteWire = RespuestaApi<typeof r.alertarLote>;
export type MiAvisoWire = RespuestaApi<typeof r.misAvisos>[number];
export type RetratamientosWire = RespuestaApi<typeof r.retratamientos>;
export type RetratamientoWire = RetratamientosWire['items'][number];
export type IntervaloWire = RespuestaApi<typeof r.intervalos>[number];
export type FiltroRetratamientos = QueryDe<EndpointDe<typeof r.retratamientos>>;
export type IntervalosBody = BodyDe<EndpointDe<typeof r.guardarIntervalos>>;

export const trazabilidadClaves = {
  pacientesLote: (loteId: number) => ['trazabilidad', 'lote', loteId, 'pacientes'] as const,
  alertasLote: (loteId: number) => ['trazabilidad', 'lote', loteId, 'alertas'] as const,
  misAvisos: () => ['trazabilidad', 'mis-avisos'] as const,
  retratamientos: (f: FiltroRetratamientos) => ['trazabilidad', 'retratamientos', f] as const,
  intervalos: () => ['trazabilidad', 'intervalos'] as const,
};

export const usePacientesLote = (loteId: number) =>
  useQuery({
    queryKey: trazabilidadClaves.pacientesLote(loteId),
    queryFn: () => api(r.pacientesLote, { params: { id: loteId } }),
  });

export const useAlertasLote = (loteId: number) =>
  useQuery({
    queryKey: trazabilidadClaves.alertasLote(loteId),
    queryFn: () => api(r.alertasLote, { params: { id: loteId } }),
  });

export function useAlertarLote(loteId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => api(r.alertarLote, { params: { id: loteId }, body: { texto } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: trazabilidadClaves.alertasLote(loteId) }),
  });
}

export const useMisAvisos = (enabled = true) =>
  useQuery({ queryKey: trazabilidadClaves.misAvisos(), queryFn: () => api(r.misAvisos), enabled });

export const useRetratamientos = (filtro: FiltroRetratamientos, enabled = true) =>
  useQuery({
    queryKey: trazabilidadClaves.retratamientos(filtro),
    queryFn: () => api(r.retratamientos, { query: filtro }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useIntervalos = (enabled = true) =>
  useQuery({ queryKey: trazabilidadClaves.intervalos(), queryFn: () => api(r.intervalos), enabled });

export function useGuardarIntervalos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IntervalosBody) => api(r.guardarIntervalos, { body }),
    onSuccess: (data) => qc.setQueryData(trazabilidadClaves.intervalos(), data),
  });
}
