// Uploads a clinical photo (FormData) labelled before/after with its body zone and, optionally, its chart zone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjuntosRutas,
  CAMPO_ARCHIVO,
  CAMPO_ETIQUETA,
  CAMPO_ZONA,
  CAMPO_ZONA_MAPA,
  type EtiquetaFoto,
} from '@clinica/contracts/adjuntos-rutas';
import type { ZonaFacial } from '@clinica/contracts/mapa-facial';
import { api } from '../../api-client.ts';
import { adjuntosClaves } from './claves.ts';

/** `zonaMapa`: the injection chart's zone, optional (the comparison by zone lines photos up with it). */
export type FotoNueva = { archivo: File; etiqueta: EtiquetaFoto; zona: string; zonaMapa?: ZonaFacial | null };

export function subirFoto(citaId: number, d: FotoNueva) {
  const body = new FormData();
  body.append(CAMPO_ETIQUETA, d.etiqueta);
  body.append(CAMPO_ZONA, d.zona);
  if (d.zonaMapa) body.append(CAMPO_ZONA_MAPA, d.zonaMapa);
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
