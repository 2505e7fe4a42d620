// Uploads a clinical photo (FormData) labelled before/after with its body zone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjuntosRutas,
  CAMPO_ARCHIVO,
  CAMPO_ETIQUETA,
  CAMPO_ZONA,
  type EtiquetaFoto,
} from '@clinica/contracts/adjuntos-rutas';
import { api } from '../../api-client.ts';
import { adjuntosClaves } from './claves.ts';

export type FotoNueva = { archivo: File; etiqueta: EtiquetaFoto; zona: string };

export function subirFoto(citaId: number, d: FotoNueva) {
  const body = new FormData();
  body.append(CAMPO_ETIQUETA, d.etiqueta);
  body.append(CAMPO_ZONA, d.zona);
  body.append(CAMPO_ARCHIVO, d.archivo);
  return api(adjuntosRutas.subirFoto, { params: { citaId }, body });
}

export function useSubirFoto(citaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: FotoNueva) => subirFoto(citaId, d),
    onSuccess: () => qc.invalidateQueries({ queryKey: adjuntosClaves.fotos(citaId) }),
  });
}
