// How the clinic reaches the signed-in patient (issue 25, items 2 and 4): her channels, her WhatsApp number verified
// by a code, her opt-out. Every change answers her channels as they now are, which replace the cached ones.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mensajeriaRutas as r } from '@clinica/contracts/mensajeria-rutas';
import { api, type RespuestaApi } from '../../api-client.ts';

export type PreferenciasWire = RespuestaApi<typeof r.preferencias>;
export type CanalWire = PreferenciasWire['canal'];

export const mensajeriaClaves = { preferencias: () => ['mensajeria', 'preferencias'] as const };

export const usePreferenciasContacto = (enabled = true) =>
  useQuery({ queryKey: mensajeriaClaves.preferencias(), queryFn: () => api(r.preferencias), enabled });

function useCambio<V>(fn: (v: V) => Promise<PreferenciasWire>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (p) => qc.setQueryData(mensajeriaClaves.preferencias(), p),
  });
}

export const useGuardarCanal = () => useCambio((canal: CanalWire) => api(r.guardarPreferencias, { body: { canal } }));
export const useVerificarCodigo = () => useCambio((codigo: string) => api(r.codigo, { body: { codigo } }));
export const useBajaWhatsapp = () => useCambio((_: void) => api(r.baja));

/** A code to her number; the profile then asks for it (the cached channels show the number waiting). */
export function usePedirCodigo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (numero: string) => api(r.numero, { body: { numero, acepta: true } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mensajeriaClaves.preferencias() }),
  });
}
