// Confirms a plan's series: its sessions are booked, so the plan, its proposal and every appointment query change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { api } from '../../api-client.ts';
import { citasClaves } from '../citas/claves.ts';
import { planesClaves } from './claves.ts';
import type { ConfirmarPlanBody } from './tipos.ts';

export const confirmarPlan = (id: number, body: ConfirmarPlanBody) =>
  api(planesRutas.confirmar, { params: { id }, body });

export function useConfirmarPlan(citaId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmarPlanBody) => confirmarPlan(id, body),
    onSuccess: (r) => {
      qc.setQueryData(planesClaves.cita(citaId), { plan: r.plan });
      void qc.invalidateQueries({ queryKey: planesClaves.propuesta(id) });
      void qc.invalidateQueries({ queryKey: citasClaves.todas });
    },
    // A slot taken meanwhile: the proposal is stale.
    onError: () => void qc.invalidateQueries({ queryKey: planesClaves.propuesta(id) }),
  });
}
