// The waitlist on the web (issue 25, item 1; docs/espera.md): the patient's entries and offers (Mis citas), the desk's
// list per day and procedure, joining, withdrawing, offering a slot by hand, accepting and declining.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyDe, QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { esperaRutas as r } from '@clinica/contracts/espera-rutas';
import { api, type RespuestaApi } from '../../api-client.ts';
import { citasClaves } from '../citas/claves.ts';

export type EntradaEsperaWire = RespuestaApi<typeof r.mias>[number];
export type OfertaEsperaWire = EntradaEsperaWire['ofertas'][number];
export type FiltroEspera = NonNullable<QueryDe<EndpointDe<typeof r.listar>>>;
export type UnirseEsperaBody = BodyDe<EndpointDe<typeof r.unirse>>;
export type OfrecerEsperaBody = BodyDe<EndpointDe<typeof r.ofrecer>>;

export const esperaClaves = {
  todas: ['espera'] as const,
  mias: () => ['espera', 'mias'] as const,
  lista: (f: FiltroEspera) => ['espera', 'lista', f] as const,
};

export const useMiEspera = (enabled = true) =>
  useQuery({
    queryKey: esperaClaves.mias(),
    queryFn: () => api(r.mias),
    enabled,
    // An offer holds a short while: keep it fresh.
    refetchInterval: 60_000,
  });

export const useListaEspera = (filtro: FiltroEspera, enabled = true) =>
  useQuery({
    queryKey: esperaClaves.lista(filtro),
    queryFn: () => api(r.listar, { query: filtro }),
    placeholderData: keepPreviousData,
    enabled,
  });

function useInvalidar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: esperaClaves.todas });
}

export function useUnirseEspera() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (body: UnirseEsperaBody) => api(r.unirse, { body }), onSuccess: invalidar });
}

export function useRetirarEspera() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => api(r.retirar, { params: { id } }), onSuccess: invalidar });
}

export function useOfrecerEspera() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, ...body }: OfrecerEsperaBody & { id: number }) => api(r.ofrecer, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAceptarOferta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(r.aceptar, { params: { id } }),
    // A 409 also changed the offer (taken): refresh either way.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: esperaClaves.todas });
      void qc.invalidateQueries({ queryKey: citasClaves.todas });
    },
  });
}

export function useRechazarOferta() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => api(r.rechazar, { params: { id } }), onSettled: invalidar });
}
