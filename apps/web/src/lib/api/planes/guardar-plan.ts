// Records the plan the first time, then saves over it; its proposal changes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { api } from '../../api-client.ts';
import { planesClaves } from './claves.ts';
import type { PlanBody } from './tipos.ts';

export const crearPlan = (citaId: number, body: PlanBody) => api(planesRutas.crear, { params: { citaId }, body });
export const editarPlan = (id: number, body: PlanBody) => api(planesRutas.editar, { params: { id }, body });

export function useGuardarPlan(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBody }) =>
      id ? editarPlan(id, body) : crearPlan(citaId, body),
    onSuccess: (plan) => {
      qc.setQueryData(planesClaves.cita(citaId), { plan });
      void qc.invalidateQueries({ queryKey: planesClaves.propuesta(plan.id) });
    },
  });
}
