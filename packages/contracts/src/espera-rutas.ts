// The zod-free half of the waitlist (issue 25, item 1; docs/espera.md): a patient (or the desk for her) waits for a
// procedure or an evaluation; when a matching slot frees she is offered it with a short hold, and the first to
// accept books it through the normal booking path.
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const esperaPaths = {
  /** POST: join (a patient for herself, the desk for a patient); GET: the staff's list. */
  lista: '/apiespera',
  /** The signed-in patient's entries with their offers. */
  mias: '/apiespera/mias',
  /** Leave the list (the owner or the desk). */
  retirar: <I extends Id>(id: I) => `/apiespera/${id}/retirar` as const,
  /** The desk offers a free slot to a waiting patient by hand. */
  ofrecer: <I extends Id>(id: I) => `/apiespera/${id}/ofrecer` as const,
  aceptar: <I extends Id>(id: I) => `/apiespera/ofertas/${id}/aceptar` as const,
  rechazar: <I extends Id>(id: I) => `/apiespera/ofertas/${id}/rechazar` as const,
} as const;

/** Who joins: a patient for herself; the desk and the administrators for a patient. */
export const rolesUnirseEspera = ['paciente', 'asistente', 'administrador'] as const;
/** Who reads the list: the desk and the administrators; a doctor the entries that may be hers. */
export const rolesVerEspera = ['asistente', 'doctor', 'administrador'] as const;
/** Who offers a slot by hand. */
export const rolesOfrecerEspera = ['asistente', 'administrador'] as const;

export const esperaRutas = {
  unirse: ruta('POST', esperaPaths.lista, rolesUnirseEspera),
  listar: ruta('GET', esperaPaths.lista, rolesVerEspera),
  mias: ruta('GET', esperaPaths.mias, ['paciente'] as const),
  retirar: ruta('POST', esperaPaths.retirar(':id'), rolesUnirseEspera),
  ofrecer: ruta('POST', esperaPaths.ofrecer(':id'), rolesOfrecerEspera),
  aceptar: ruta('POST', esperaPaths.aceptar(':id'), ['paciente'] as const),
  rechazar: ruta('POST', esperaPaths.rechazar(':id'), ['paciente'] as const),
};

/** How far ahead a patient may wait, in days (the booking horizon is a year). */
export const DIAS_MAX_ESPERA = 180;
/** Morning ends at noon, clinic time. */
export const HORA_FIN_MANANA = '12:00';
