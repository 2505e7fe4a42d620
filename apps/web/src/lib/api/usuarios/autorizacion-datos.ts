// Ley 1581 de 2012: the patient's acceptance of the terms and the data policy, given by herself or recorded by the
// front desk.
import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarPerfil, invalidarUsuarios } from './claves.ts';

/** Both acceptances, the only body the two endpoints take. */
const AMBAS_ACEPTADAS = { terminos_condiciones: true, politica_datos: true } as const;

/** The signed-in patient accepts them herself (her first sign-in, issue 21.4). */
export const aceptarAutorizacion = () => api(usuariosRutas.aceptarAutorizacion, { body: AMBAS_ACEPTADAS });
/** The front desk records that the patient read and accepted them on its screen. */
export const registrarAutorizacion = (id: number) =>
  api(usuariosRutas.registrarAutorizacion, { params: { id }, body: AMBAS_ACEPTADAS });

export function useAceptarAutorizacion(userId: number | null) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: aceptarAutorizacion, onSuccess: (u) => invalidarPerfil(qc, userId, u) });
}

export function useRegistrarAutorizacion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: registrarAutorizacion, onSuccess: (u) => invalidarUsuarios(qc, u) });
}
