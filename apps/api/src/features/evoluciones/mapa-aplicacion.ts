// The injection chart of a procedure note (issue 24, item 2; docs/trazabilidad.md): stored as rows of `aplicaciones`,
// replaced whole with every save of the draft and frozen by a trigger once the note is signed. Its lots are checked
// and, at signing, taken out by the products feature (insumos.usos.ts), which the composition root hands in as
// `LotesDelMapa`.
import type { z } from 'zod';
import type { PuntoAplicadoWire, puntosAplicacionSchema } from '@clinica/contracts/mapa-facial';
import { AppError } from '../../lib/app-error.ts';
import { aCentesimas, deCentesimas } from '../../lib/centesimas.ts';
import type { AplicacionLeida } from './evoluciones.repository.ts';

export type PuntosMapa = z.output<typeof puntosAplicacionSchema>;
type UsoDeLote = { lote_id: number; cantidad: number };

/**
 * The products feature, as the notes use it (insumos.service.ts revisarUsos and usarEnNota). `tx`: the caller's
 * transaction's repositories, when there is one.
 */
export type LotesDelMapa<Tx> = {
  /** 422 naming the first point whose lot is missing, of an inactive product, expired (or short, with `existencias`). */
  revisar(tx: Tx | undefined, v: { puntos: readonly UsoDeLote[]; existencias: boolean }): Promise<void>;
  /** Takes each lot's total out with its 'uso' movement naming the note; 409 when a lot has not enough left. */
  usar(tx: Tx, v: { evolucionId: number; actorId: number; puntos: readonly UsoDeLote[]; ahora: Date }): Promise<void>;
};

export const MENSAJES_MAPA = {
  soloProcedimiento:
    'El mapa de aplicación va en la nota de una cita de procedimiento, y esta cita no lo es. Quita los puntos del mapa para guardar la nota.',
} as const;

/** Only a procedure appointment's note takes a chart (422). */
export function mapaPermitido(tipoCita: string, puntos: readonly unknown[]): void {
  if (puntos.length && tipoCita !== 'procedimiento')
    throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_MAPA.soloProcedimiento);
}

/** What a chart's point becomes in the database: quantities in hundredths, in the chart's order. */
export const filasDelMapa = (puntos: PuntosMapa) =>
  puntos.map((p, i) => ({ ...p, orden: i + 1, cantidad: aCentesimas(p.cantidad) }));

/** A stored point as every note response carries it: the lot and its product spelled out, quantity in the unit. */
export const puntoWire = (a: AplicacionLeida): PuntoAplicadoWire => ({
  id: a.id,
  vista: a.vista,
  zona: a.zona,
  x: a.x,
  y: a.y,
  cantidad: deCentesimas(a.cantidad),
  plano: a.plano,
  tecnica: a.tecnica,
  dispositivo: a.dispositivo,
  calibre: a.calibre,
  nota: a.nota,
  lote: a.lote,
  producto: a.producto,
});
