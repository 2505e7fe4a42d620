// The one mapping from a procedure row and its images to the wire shape (procedimientoSchema).
// The cart reuses it through the procedures service, so both answer the same object.
import type { Imagen, Procedimiento } from '@clinica/contracts/catalogo';
import type { ImagenFila, ProcedimientoFila } from './procedimientos.repository.ts';
import { urlsImagen } from './imagenes.ts';

export function toImagenWire(img: ImagenFila): Imagen {
  return { id: img.id, alt: img.alt, orden: img.orden, ...urlsImagen(img.ruta) };
}

/** `imagenes` may hold other procedures' images too; only this one's are kept, sorted by orden. */
export function toProcedimientoWire(fila: ProcedimientoFila, imagenes: readonly ImagenFila[]): Procedimiento {
  return {
    id: fila.id,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    precio: fila.precio,
    duracion_minutos: fila.duracion_minutos,
    margen_minutos: fila.margen_minutos,
    requiere_evaluacion: fila.requiere_evaluacion,
    recomendaciones_previas: fila.recomendaciones_previas,
    examenes_requeridos: fila.examenes_requeridos,
    edad_minima: fila.edad_minima,
    exento_ley_1799: fila.exento_ley_1799,
    anticipo:
      fila.anticipo_tipo && fila.anticipo_valor !== null
        ? { tipo: fila.anticipo_tipo, valor: fila.anticipo_valor }
        : null,
    activo: fila.activo,
    categoria: { id: fila.categoria_id, nombre: fila.categoria_nombre },
    imagenes: imagenes
      .filter((i) => i.procedimiento_id === fila.id)
      .sort((a, b) => a.orden - b.orden || a.id - b.id)
      .map(toImagenWire),
    creado_en: fila.creado_en,
    actualizado_en: fila.actualizado_en,
  };
}
