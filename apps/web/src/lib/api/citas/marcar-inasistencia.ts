// /apicitas/inasistenciacita/:id: staff mark a missed appointment, after its start, as a no-show (cancelled with
// causa inasistencia; a paid deposit is retained).
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';

export const marcarInasistencia = (id: number) => api(citasRutas.inasistencia, { params: { id }, body: {} });

export const useMarcarInasistencia = () => useMutacionDeCita(({ id }: { id: number }) => marcarInasistencia(id));
