// The zod-free half of the treatment-package endpoints (issue 23, item 4; docs/dinero.md "Paquetes"): paths and who
// may call each one, under /apipaquetes. The web imports this module at run time without pulling schemas into its
// download (decision 0005).
import { rolesCaja } from './pagos-rutas.ts';
import { ruta, type Id } from './rutas.ts';

export const paquetesPaths = {
  /** The package definitions the clinic sells. */
  definiciones: '/apipaquetes/paquetes',
  definicion: <I extends Id>(id: I) => `/apipaquetes/paquetes/${id}` as const,
  /** The desk sells one to a patient (the package and its payment in one transaction). */
  vender: '/apipaquetes/vender',
  /** One patient's packages: sessions left, expiry, the sessions used. */
  dePaciente: <I extends Id>(pacienteId: I) => `/apipaquetes/paciente/${pacienteId}` as const,
} as const;

export const SESIONES_PAQUETE = { min: 1, max: 100 } as const;
export const VIGENCIA_PAQUETE_DIAS = { min: 1, max: 1825 } as const;
/** Whole pesos; the cap keeps any price far inside the database's integer. */
export const PRECIO_PAQUETE_MAX = 999_999_999;

/**
 * Definitions and sales are the desk's (rolesCaja: assistants and administrators). A patient's packages are read by the staff (the
 * doctor sees the sessions left when booking or completing) and by the patient herself; the service answers 404 for
 * another patient's.
 */
export const paquetesRutas = {
  listar: ruta('GET', paquetesPaths.definiciones, rolesCaja),
  crear: ruta('POST', paquetesPaths.definiciones, rolesCaja),
  editar: ruta('PATCH', paquetesPaths.definicion(':id'), rolesCaja),
  vender: ruta('POST', paquetesPaths.vender, rolesCaja),
  dePaciente: ruta('GET', paquetesPaths.dePaciente(':pacienteId'), 'usuario'),
};
