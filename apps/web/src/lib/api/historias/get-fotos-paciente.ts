// The before/after photos of a patient's record (issue 9, item 6).
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { historiasKeys } from './claves.ts';

export type FotosDePacienteWire = RespuestaApi<typeof adjuntosRutas.fotosPaciente>;

export const getFotosPaciente = (pacienteId: number) => api(adjuntosRutas.fotosPaciente, { params: { pacienteId } });

export const useFotosDePaciente = (pacienteId: number) =>
  useQuery({
    queryKey: historiasKeys.fotosPaciente(pacienteId),
    queryFn: () => getFotosPaciente(pacienteId),
    enabled: pacienteId > 0,
  });
