// Defines a package, or changes (or deactivates) one; the list changes with it. Packages already sold do not.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { api } from '../../api-client.ts';
import { paquetesClaves } from './claves.ts';
import type { CrearPaqueteBody, EditarPaqueteBody } from './tipos.ts';

export const crearPaquete = (body: CrearPaqueteBody) => api(paquetesRutas.crear, { body });
export const editarPaquete = (id: number, body: EditarPaqueteBody) =>
  api(paquetesRutas.editar, { params: { id }, body });

export function useGuardarPaquete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: null; body: CrearPaqueteBody } | { id: number; body: EditarPaqueteBody }) =>
      v.id === null ? crearPaquete(v.body) : editarPaquete(v.id, v.body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: paquetesClaves.definiciones() }),
  });
}
