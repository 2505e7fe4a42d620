// The zod-free half of the reminder's confirm and cancel links (issue 25, item 3): the public web page the e-mail's
// links open (the token in the URL fragment, #token=…) and the two public routes it posts the token to. No sign-in:
// the signed link is the credential. The web imports this module at run time without pulling schemas (decision 0005).
import { ruta } from './rutas.ts';

export const enlacesCitaPaths = {
  /** What the link is for: the appointment, the action, the policy that applies (nothing changes). */
  ver: '/apicitas/enlace/ver',
  /** The patient pressed the button: confirm or cancel, once. */
  usar: '/apicitas/enlace/usar',
} as const;

/** The web page the reminder e-mail links to: `URL_PUBLICA` + this + `#token=…`. */
export const PAGINA_ENLACE_CITA = '/respondercita';

export const enlacesCitaRutas = {
  ver: ruta('POST', enlacesCitaPaths.ver, 'publico'),
  usar: ruta('POST', enlacesCitaPaths.usar, 'publico'),
};
