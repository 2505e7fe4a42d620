// What every appointment change refreshes: the changed appointment's detail takes the answer as it is, and every
// other appointment query (lists, calendars, free times) is refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citasClaves } from './claves.ts';
import type { CitaWire } from './tipos.ts';

function useCitaCambiada() {
  const qc = useQueryClient();
  return (cita: CitaWire) => {
    qc.setQueryData(citasClaves.detalle(cita.id), cita);
    return qc.invalidateQueries({
      queryKey: citasClaves.todas,
      predicate: (q) => !(q.queryKey[1] === 'detalle' && q.queryKey[2] === cita.id),
    });
  };
}

/** A mutation whose answer is the changed appointment, refreshed as above. */
export function useMutacionDeCita<V>(mutationFn: (variables: V) => Promise<CitaWire>) {
  const cambiada = useCitaCambiada();
  return useMutation({ mutationFn, onSuccess: cambiada });
}
