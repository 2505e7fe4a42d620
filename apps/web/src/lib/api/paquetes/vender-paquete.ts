// The desk sells a package to a patient: the package and its payment (with its receipt number) in one request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { api } from '../../api-client.ts';
import { paquetesClaves } from './claves.ts';
import type { VenderPaqueteBody } from './tipos.ts';

export const venderPaquete = (body: VenderPaqueteBody) => api(paquetesRutas.vender, { body });

export function useVenderPaquete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: venderPaquete,
    onSuccess: (venta) => void qc.invalidateQueries({ queryKey: paquetesClaves.paciente(venta.paquete.paciente_id) }),
  });
}
