// Signs the note: from then on it is only amended (addenda), never edited.
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeNota } from './nota-cambiada.ts';

export const firmarEvolucion = (id: number) => api(evolucionesRutas.firmar, { params: { id } });

export const useFirmarEvolucion = (citaId: number) => useMutacionDeNota(citaId, firmarEvolucion);
