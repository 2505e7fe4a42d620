// Signs the note: from then on it is only amended (addenda), never edited.
import { useMutation } from '@tanstack/react-query';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { useNotaCambiada } from './nota-cambiada.ts';

export const firmarEvolucion = (id: number) => api(evolucionesRutas.firmar, { params: { id } });

export function useFirmarEvolucion(citaId: number) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({ mutationFn: (id: number) => firmarEvolucion(id), onSuccess: cambiada });
}
