// Every product and lot applied to a patient in her signed notes (issue 24, item 3): her own, or any patient's for
// doctors and administrators (the server refuses everyone else).
import { productosAplicadosRutas } from '@clinica/contracts/productos-aplicados-rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { historiasKeys } from './claves.ts';

export type ProductosAplicadosWire = RespuestaApi<typeof productosAplicadosRutas.dePaciente>;

export const getProductosAplicados = (pacienteId: number) =>
  api(productosAplicadosRutas.dePaciente, { params: { pacienteId } });

export const useProductosAplicados = (pacienteId: number) =>
  useQuery({
    queryKey: historiasKeys.productosAplicados(pacienteId),
    queryFn: () => getProductosAplicados(pacienteId),
    enabled: pacienteId > 0,
  });
