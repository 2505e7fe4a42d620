// Every note change answers the whole note, which replaces the cached one. A signed note changes what the
// appointment still needs to become realizada: its detail is refetched; a signed chart took its quantities out of
// the lots (issue 24), so the stock shown anywhere is refetched too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citasClaves } from '../citas/claves.ts';
import { insumosClaves } from '../insumos/claves.ts';
import { evolucionesClaves } from './claves.ts';
import type { EvolucionWire } from './tipos.ts';

function useNotaCambiada(citaId: number) {
  const qc = useQueryClient();
  return (nota: EvolucionWire) => {
    qc.setQueryData(evolucionesClaves.cita(citaId), { evolucion: nota });
    if (nota.estado !== 'firmada') return;
    void qc.invalidateQueries({ queryKey: citasClaves.detalle(citaId) });
    if (nota.aplicaciones.length) void qc.invalidateQueries({ queryKey: insumosClaves.todos });
  };
}

/** A mutation of the appointment's note whose answer is the whole note, refreshed as above. */
export function useMutacionDeNota<V>(citaId: number, mutationFn: (variables: V) => Promise<EvolucionWire>) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({ mutationFn, onSuccess: cambiada });
}
