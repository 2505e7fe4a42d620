// The zod-free half of online payment (issue 23, item 3; docs/dinero.md "Pagos en línea"; decision 0059): whether
// it is offered, the patient starting a checkout for her appointment, the provider's events and the return page's
// lookup, under /apipagos/en-linea. The web imports this module at run time without pulling schemas (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const pagosEnLineaPaths = {
  config: '/apipagos/en-linea/config',
  iniciar: '/apipagos/en-linea/iniciar',
  /** The provider (Wompi) POSTs its events here: public, verified by the event's checksum. */
  eventos: '/apipagos/en-linea/eventos',
  /** The return page asks for the provider's transaction (Wompi's `id` query parameter). */
  transaccion: <I extends Id>(id: I) => `/apipagos/en-linea/transaccion/${id}` as const,
} as const;

/**
 * Only the patient pays online, for her own appointment (another's is a 404). The events come from the provider,
 * with no session: their checksum is the authentication.
 */
export const pagosEnLineaRutas = {
  config: ruta('GET', pagosEnLineaPaths.config, 'usuario'),
  iniciar: ruta('POST', pagosEnLineaPaths.iniciar, ['paciente'] as const),
  eventos: ruta('POST', pagosEnLineaPaths.eventos, 'publico'),
  transaccion: ruta('GET', pagosEnLineaPaths.transaccion(':transaccionId'), ['paciente'] as const),
};
