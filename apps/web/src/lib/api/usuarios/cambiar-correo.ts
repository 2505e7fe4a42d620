import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/** Asks for a link to the new address (decision 0037); nothing changes until it is opened. */
export const cambiarCorreo = (datos: { correo_nuevo: string; contrasena_actual: string }) =>
  api(usuariosRutas.cambiarCorreo, { body: datos });

export const useCambiarCorreo = () => useMutation({ mutationFn: cambiarCorreo });

/** The link's token, in the body (never in a URL); public: the link may be opened without a session. */
export const confirmarCorreo = (datos: { token: string }) => api(usuariosRutas.confirmarCorreo, { body: datos });
