// What every appointment change refreshes: the changed appointment's detail takes the answer as it is, and every
// other appointment query (lists, calendars, free times) is refetched.
import { useQueryClient } from '@tanstack/react-query';
import { citasClaves } from './claves.ts';
import type { CitaWire } from './tipos.ts';

export function useCitaCambiada() {
  const qc = useQueryClient();
  return (cita: CitaWire) => {
    qc.setQueryData(citasClaves.detalle(cita.id), cita);
    return qc.invalidateQueries({
      queryKey: citasClaves.todas,
      predicate: (q) => !(q.queryKey[1] === 'detalle' && q.queryKey[2] === cita.id),
    });
  };
}
