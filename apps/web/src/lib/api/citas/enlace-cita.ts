// The reminder's confirm and cancel links (issue 25.3): the page posts the link's token (read from the URL fragment)
// to see what it is for, then to use it. Public: no session needed.
import type { UsarEnlaceCitaInput } from '@clinica/contracts/enlaces-cita';
import { enlacesCitaRutas } from '@clinica/contracts/enlaces-cita-rutas';
import { api } from '../../api-client.ts';

export const verEnlaceCita = (token: string) => api(enlacesCitaRutas.ver, { body: { token } });
export const usarEnlaceCita = (datos: UsarEnlaceCitaInput) => api(enlacesCitaRutas.usar, { body: datos });
