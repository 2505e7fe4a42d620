// Online payment (issue 23, item 3; decision 0059): whether the clinic offers it, the patient starting a checkout
// (the server computes the amount and signs the provider's address) and the return page's result.
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

const claves = {
  config: ['pagos-en-linea', 'config'] as const,
  resultado: (id: string) => ['pagos', 'en-linea', id] as const,
};

export const getConfigEnLinea = () => api(pagosEnLineaRutas.config);
/** Rarely changes (a server setting): read once per session. */
export const useConfigEnLinea = () =>
  useQuery({ queryKey: claves.config, queryFn: getConfigEnLinea, staleTime: Infinity });

export const iniciarPagoEnLinea = (citaId: number) => api(pagosEnLineaRutas.iniciar, { body: { cita_id: citaId } });

/** Starts the checkout and leaves for the provider's page (a top-level navigation). */
export const useIniciarPagoEnLinea = () =>
  useMutation({
    mutationFn: iniciarPagoEnLinea,
    onSuccess: (c) => window.location.assign(c.url),
  });

export const getResultadoEnLinea = (transaccionId: string) =>
  api(pagosEnLineaRutas.transaccion, { params: { transaccionId } });

/** While the provider has not decided, ask again every few seconds (a bounded number of times). */
export const useResultadoEnLinea = (transaccionId: string | null) =>
  useQuery({
    queryKey: claves.resultado(transaccionId ?? ''),
    queryFn: () => getResultadoEnLinea(transaccionId!),
    enabled: Boolean(transaccionId),
    refetchInterval: (q) => (q.state.data?.estado === 'pendiente' && q.state.dataUpdateCount < 20 ? 3_000 : false),
  });
