// Uploads an exam result (FormData), optionally answering one of the appointment's exam orders.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adjuntosRutas, CAMPO_ARCHIVO, CAMPO_ORDEN } from '@clinica/contracts/adjuntos-rutas';
import { api } from '../../api-client.ts';
import { adjuntosClaves } from './claves.ts';

export function subirResultado(citaId: number, archivo: File, ordenExamenId: number | null) {
  const body = new FormData();
  if (ordenExamenId !== null) body.append(CAMPO_ORDEN, String(ordenExamenId));
  body.append(CAMPO_ARCHIVO, archivo);
  return api(adjuntosRutas.subirResultado, { params: { citaId }, body });
}

export function useSubirResultado(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { archivo: File; ordenExamenId: number | null }) =>
      subirResultado(citaId, d.archivo, d.ordenExamenId),
    onSuccess: () => qc.invalidateQueries({ queryKey: adjuntosClaves.resultados(citaId) }),
  });
}
