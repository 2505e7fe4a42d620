// Adds an addendum to a signed note.
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeNota } from './nota-cambiada.ts';

export const agregarAdenda = (id: number, texto: string) =>
  api(evolucionesRutas.agregarAdenda, { params: { id }, body: { texto } });

export const useAgregarAdenda = (citaId: number) =>
  useMutacionDeNota(citaId, ({ id, texto }: { id: number; texto: string }) => agregarAdenda(id, texto));
