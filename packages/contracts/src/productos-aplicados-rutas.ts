// The zod-free half of "productos aplicados" (issue 24, item 3): for a patient, every product and lot applied in her
// signed notes. The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const productosAplicadosPaths = {
  dePaciente: <I extends Id>(pacienteId: I) => `/apihistorialmedico/productosaplicados/${pacienteId}` as const,
} as const;

/**
 * The patient her own (the service answers 403 for anyone else's); doctors and administrators any patient's (they
 * answer recalls). Assistants keep products and lots but never see who received what.
 */
export const productosAplicadosRutas = {
  dePaciente: ruta('GET', productosAplicadosPaths.dePaciente(':pacienteId'), [
    'administrador',
    'doctor',
    'paciente',
  ] as const),
};

/** At most this many rows (one per note and lot, newest first): years of visits fit many times over. */
export const LIMITE_PRODUCTOS_APLICADOS = 1000;
