// Creates the draft note the first time, then saves over it.
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeNota } from './nota-cambiada.ts';
import type { EvolucionBody } from './tipos.ts';

export const crearEvolucion = (citaId: number, body: EvolucionBody) =>
  api(evolucionesRutas.crear, { params: { citaId }, body });
export const editarEvolucion = (id: number, body: EvolucionBody) =>
  api(evolucionesRutas.editar, { params: { id }, body });

export const useGuardarEvolucion = (citaId: number) =>
  useMutacionDeNota(citaId, ({ id, body }: { id: number | null; body: EvolucionBody }) =>
    id ? editarEvolucion(id, body) : crearEvolucion(citaId, body),
  );
