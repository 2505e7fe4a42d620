// The records list (staff) and the doctor's "whose record" patient search.
import { historiasRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { buscarPacientes } from '../usuarios/get-usuarios.ts';
import { historiasKeys } from './claves.ts';

export type HistoriaResumenWire = RespuestaApi<typeof historiasRutas.listar>[number];

export const getHistorias = () => api(historiasRutas.listar);

export const listaHistoriasQuery = (enabled = true) =>
  queryOptions({ queryKey: historiasKeys.lista(), queryFn: getHistorias, enabled });

export const useListaHistorias = (enabled = true) => useQuery(listaHistoriasQuery(enabled));

/** Active patients matching a search, for the doctor's "whose record" picker. */
export const usePacientes = (q: string, enabled: boolean) =>
  useQuery({ queryKey: historiasKeys.pacientes(q.trim()), queryFn: () => buscarPacientes(q), enabled });
