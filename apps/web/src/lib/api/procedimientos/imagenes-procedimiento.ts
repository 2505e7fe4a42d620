// A procedure's images: upload, delete, reorder. Each updates the cached procedure right away, then refreshes
// everything that shows images (every procedure query and the categories).
import { IMAGEN_CAMPO, IMAGEN_CAMPO_ALT, type ImagenWire, type ProcedimientoWire } from '@clinica/contracts/catalogo';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarProcedimientos, procedimientosKeys } from './claves.ts';

export function subirImagen(id: number, archivo: File, alt?: string): Promise<ImagenWire> {
  const form = new FormData();
  if (alt?.trim()) form.append(IMAGEN_CAMPO_ALT, alt.trim());
  form.append(IMAGEN_CAMPO, archivo, archivo.name);
  return api(procedimientosRutas.subirImagen, { params: { id }, body: form });
}
export const eliminarImagen = (id: number, imagenId: number) =>
  api(procedimientosRutas.eliminarImagen, { params: { id, imagenId } });
export const ordenarImagenes = (id: number, orden: number[]) =>
  api(procedimientosRutas.ordenarImagenes, { params: { id }, body: { orden } });

/** A mutation of procedure `id`'s images whose answer gives its new image list. */
function useMutacionImagenes<V, R>(
  id: number,
  mutationFn: (v: V) => Promise<R>,
  imagenes: (antes: ImagenWire[], r: R, v: V) => ImagenWire[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (r, v) => {
      qc.setQueryData<ProcedimientoWire>(procedimientosKeys.detalle(id), (p) =>
        p ? { ...p, imagenes: imagenes(p.imagenes, r, v) } : p,
      );
      return invalidarProcedimientos(qc);
    },
  });
}

export const useSubirImagen = (id: number) =>
  useMutacionImagenes(
    id,
    ({ archivo, alt }: { archivo: File; alt?: string }) => subirImagen(id, archivo, alt),
    (antes, imagen) => [...antes, imagen],
  );

export const useEliminarImagen = (id: number) =>
  useMutacionImagenes(
    id,
    (imagenId: number) => eliminarImagen(id, imagenId),
    (antes, _r, imagenId) => antes.filter((i) => i.id !== imagenId),
  );

export const useOrdenarImagenes = (id: number) =>
  useMutacionImagenes(
    id,
    (orden: number[]) => ordenarImagenes(id, orden),
    (_antes, imagenes) => imagenes,
  );
