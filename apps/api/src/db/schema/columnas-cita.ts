// The columns of a clinical row that belongs to one appointment and its patient (notes, consents, plans, exam
// results, photos), and the two indexes the tables without a unique one per appointment have on them.
import { index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { citas } from './citas.ts';
import { refiere } from './columnas.ts';
import { usuarios } from './usuarios.ts';

/** `cita_id` and `paciente_id`, both required. */
export const deLaCita = () => ({
  cita_id: refiere(() => citas.id),
  paciente_id: refiere(() => usuarios.id),
});

/** The `<tabla>_cita_idx` and `<tabla>_paciente_idx` indexes. */
export const indicesDeLaCita = (tabla: string, t: { cita_id: AnyPgColumn; paciente_id: AnyPgColumn }) => [
  index(`${tabla}_cita_idx`).on(t.cita_id),
  index(`${tabla}_paciente_idx`).on(t.paciente_id),
];
