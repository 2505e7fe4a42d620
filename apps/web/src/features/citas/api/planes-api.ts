// Follow-up plans of an appointment (issue 9, item 4; decision 0017): one fetcher + query options + hook per
// operation (STYLE 8), typed from planesEndpoints. Recording or changing the plan refreshes its proposal;
// confirming refreshes the plan, the proposal and every appointment list (the series joins the agenda).
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type PlanWire = NonNullable<RespuestaApi<typeof planesRutas.porCita>['plan']>;
export type PropuestaWire = RespuestaApi<typeof planesRutas.propuesta>;
export type SesionPropuestaWire = PropuestaWire['sesiones'][number];
export type PlanBody = BodyDe<EndpointDe<typeof planesRutas.crear>>;
export type ConfirmarBody = BodyDe<EndpointDe<typeof planesRutas.confirmar>>;

export const planesKeys = {
  all: ['planes'] as const,
  cita: (citaId: number) => ['planes', 'cita', citaId] as const,
  propuesta: (id: number) => ['planes', 'propuesta', id] as const,
};

export const planDeCita = (citaId: number) => api(planesRutas.porCita, { params: { citaId } });
export const crearPlan = (citaId: number, body: PlanBody) => api(planesRutas.crear, { params: { citaId }, body });
export const editarPlan = (id: number, body: PlanBody) => api(planesRutas.editar, { params: { id }, body });
export const propuestaPlan = (id: number) => api(planesRutas.propuesta, { params: { id } });
export const confirmarPlan = (id: number, body: ConfirmarBody) => api(planesRutas.confirmar, { params: { id }, body });

export const planQuery = (citaId: number) =>
  queryOptions({ queryKey: planesKeys.cita(citaId), queryFn: () => planDeCita(citaId) });

export function usePlan(citaId: number, enabled = true) {
  return useQuery({ ...planQuery(citaId), enabled: enabled && citaId > 0 });
}

export function usePropuesta(id: number | null) {
  return useQuery({ queryKey: planesKeys.propuesta(id ?? 0), queryFn: () => propuestaPlan(id!), enabled: !!id });
}

/** Creates the plan the first time, then saves over it. */
export function useGuardarPlan(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBody }) =>
      id ? editarPlan(id, body) : crearPlan(citaId, body),
    onSuccess: (plan) => {
      qc.setQueryData(planesKeys.cita(citaId), { plan });
      void qc.invalidateQueries({ queryKey: planesKeys.propuesta(plan.id) });
    },
  });
}

export function useConfirmarPlan(citaId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmarBody) => confirmarPlan(id, body),
    onSuccess: (r) => {
      qc.setQueryData(planesKeys.cita(citaId), { plan: r.plan });
      void qc.invalidateQueries({ queryKey: planesKeys.propuesta(id) });
      void qc.invalidateQueries({ queryKey: ['citas'] });
    },
    // A slot taken meanwhile: the proposal is stale.
    onError: () => void qc.invalidateQueries({ queryKey: planesKeys.propuesta(id) }),
  });
}
