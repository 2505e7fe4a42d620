// The canonical content of a clinical note and its SHA-256 (decision 0011): what the doctor signs, in a fixed
// shape, so anyone holding the row, its prescription and its exam orders can recompute the hash and see that
// nothing changed. Pure: the service and the demo seed use the same function.
import { createHash } from 'node:crypto';

export type ContenidoFirmable = {
  id: number;
  cita_id: number;
  paciente_id: number;
  autor_id: number;
  motivo: string;
  hallazgos: string;
  procedimiento_realizado: string;
  productos: readonly { nombre: string; lote: string; dosis: string }[];
  indicaciones: string;
  /** In the order they were written (by id). */
  formulas: readonly { nombre: string; dosis: string; frecuencia: string; duracion: string }[];
  ordenes: readonly { examen: string; indicaciones: string }[];
  /** The injection chart (issue 24), in chart order; quantities in hundredths as stored. Absent or empty: none. */
  aplicaciones?: readonly PuntoFirmable[];
  firmada_en: Date;
};

export type PuntoFirmable = {
  orden: number;
  vista: string;
  zona: string;
  x: number;
  y: number;
  lote_id: number;
  cantidad: number;
  plano: string;
  tecnica: string;
  dispositivo: string;
  calibre: string;
  nota: string;
};

/**
 * JSON with a fixed key order and only the signed fields: the version tag, the ids that place the note, the
 * text fields, the lines (without their row ids, which a reader cannot know), and the signing instant in UTC.
 * A note with an injection chart is 'evolucion-v2': the same fields plus `aplicaciones` (each point's stored columns
 * but its row id, in chart order) before the signing instant. A note without one keeps the v1 form, byte for byte,
 * so every note signed before the chart existed still verifies.
 */
export function contenidoCanonico(n: ContenidoFirmable): string {
  const mapa = n.aplicaciones?.length
    ? {
        aplicaciones: [...n.aplicaciones]
          .sort((a, b) => a.orden - b.orden)
          .map((p) => ({
            orden: p.orden,
            vista: p.vista,
            zona: p.zona,
            x: p.x,
            y: p.y,
            lote_id: p.lote_id,
            cantidad: p.cantidad,
            plano: p.plano,
            tecnica: p.tecnica,
            dispositivo: p.dispositivo,
            calibre: p.calibre,
            nota: p.nota,
          })),
      }
    : {};
  return JSON.stringify({
    version: n.aplicaciones?.length ? 'evolucion-v2' : 'evolucion-v1',
    evolucion_id: n.id,
    cita_id: n.cita_id,
    paciente_id: n.paciente_id,
    autor_id: n.autor_id,
    motivo: n.motivo,
    hallazgos: n.hallazgos,
    procedimiento_realizado: n.procedimiento_realizado,
    productos: n.productos.map((p) => ({ nombre: p.nombre, lote: p.lote, dosis: p.dosis })),
    indicaciones: n.indicaciones,
    formulas: n.formulas.map((f) => ({
      nombre: f.nombre,
      dosis: f.dosis,
      frecuencia: f.frecuencia,
      duracion: f.duracion,
    })),
    ordenes: n.ordenes.map((o) => ({ examen: o.examen, indicaciones: o.indicaciones })),
    ...mapa,
    firmada_en: n.firmada_en.toISOString(),
  });
}

export const hashContenido = (n: ContenidoFirmable): string =>
  createHash('sha256').update(contenidoCanonico(n), 'utf8').digest('hex');
