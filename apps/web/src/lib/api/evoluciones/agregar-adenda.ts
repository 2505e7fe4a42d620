// Adds an addendum to a signed note.
import { useMutation } from '@tanstack/react-query';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { useNotaCambiada } from './nota-cambiada.ts';

export const agregarAdenda = (id: number, texto: string) =>
  api(evolucionesRutas.agregarAdenda, { params: { id }, body: { texto } });

export function useAgregarAdenda(citaId: number) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({
    mutationFn: ({ id, texto }: { id: number; texto: string }) => agregarAdenda(id, texto),
    onSuccess: cambiada,
  });
}
