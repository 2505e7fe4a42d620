import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const cambiarContrasena = (datos: { contrasena_actual: string; contrasena_nueva: string }) =>
  api(usuariosRutas.cambiarContrasena, { body: datos });

/** Nothing cached shows the password: no query to refresh. */
export const useCambiarContrasena = () => useMutation({ mutationFn: cambiarContrasena });
