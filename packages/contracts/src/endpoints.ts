// Every endpoint object of the API, for type lookups: the web's client finds the endpoint of a zod-free
// descriptor (by method and path) and from it the types of params, query, body and answer. Import it with
// `import type` from the web: at run time this module carries every schema.
import type { adjuntosEndpoints } from './adjuntos.ts';
import type { archivosEndpoints } from './archivos.ts';
import type { carritoEndpoints } from './carrito.ts';
import type { categoriasEndpoints, procedimientosEndpoints } from './catalogo.ts';
import type { citasEndpoints } from './citas.ts';
import type { consentimientosEndpoints } from './consentimientos.ts';
import type { enlacesCitaEndpoints } from './enlaces-cita.ts';
import type { copiaHistoriaEndpoints } from './copia-historia.ts';
import type { evolucionesEndpoints } from './evoluciones.ts';
import type { insumosEndpoints } from './insumos.ts';
import type { trazabilidadEndpoints } from './trazabilidad.ts';
import type { esperaEndpoints } from './espera.ts';
import type { mensajeriaEndpoints } from './mensajeria.ts';
import type { pagosEndpoints } from './pagos.ts';
import type { pagosEnLineaEndpoints } from './pagos-en-linea.ts';
import type { planesEndpoints } from './planes-seguimiento.ts';
import type { productosAplicadosEndpoints } from './productos-aplicados.ts';
import type { paquetesEndpoints } from './paquetes.ts';
import type { reportesEndpoints } from './reportes.ts';
import type { correosEndpoints } from './correos.ts';
import type { historiasEndpoints } from './historias.ts';
import type { notificacionesDoctorEndpoints, notificacionesUsuarioEndpoints } from './notificaciones.ts';
import type { recuperacionEndpoints } from './recuperacion.ts';
import type { auditoriaEndpoints } from './auditoria.ts';
import type { respaldosEndpoints } from './respaldos.ts';
import type { Endpoint } from './endpoint.ts';
import type { RutaApi } from './rutas.ts';
import type { saludEndpoints } from './salud.ts';
import type { usuariosEndpoints } from './usuarios.ts';

type Valores<T> = T[keyof T];

/** The union of every endpoint object. */
export type TodosLosEndpoints =
  | Valores<typeof usuariosEndpoints>
  | Valores<typeof categoriasEndpoints>
  | Valores<typeof procedimientosEndpoints>
  | Valores<typeof carritoEndpoints>
  | Valores<typeof citasEndpoints>
  | Valores<typeof enlacesCitaEndpoints>
  | Valores<typeof historiasEndpoints>
  | Valores<typeof evolucionesEndpoints>
  | Valores<typeof planesEndpoints>
  | Valores<typeof pagosEndpoints>
  | Valores<typeof pagosEnLineaEndpoints>
  | Valores<typeof paquetesEndpoints>
  | Valores<typeof reportesEndpoints>
  | Valores<typeof insumosEndpoints>
  | Valores<typeof trazabilidadEndpoints>
  | Valores<typeof esperaEndpoints>
  | Valores<typeof mensajeriaEndpoints>
  | Valores<typeof consentimientosEndpoints>
  | Valores<typeof copiaHistoriaEndpoints>
  | Valores<typeof productosAplicadosEndpoints>
  | Valores<typeof adjuntosEndpoints>
  | Valores<typeof notificacionesDoctorEndpoints>
  | Valores<typeof notificacionesUsuarioEndpoints>
  | Valores<typeof archivosEndpoints>
  | Valores<typeof recuperacionEndpoints>
  | Valores<typeof correosEndpoints>
  | Valores<typeof respaldosEndpoints>
  | Valores<typeof auditoriaEndpoints>
  | Valores<typeof saludEndpoints>;

/** The endpoint object a descriptor belongs to (method and path identify a route, as in the server's router). */
export type EndpointDe<R extends RutaApi> = Extract<TodosLosEndpoints, { method: R['method']; path: R['path'] }>;

// Compile-time checks: every endpoint is a well-formed Endpoint, and every (method, path) pair names exactly one.
type EsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type PorRuta = {
  [K in TodosLosEndpoints as `${K['method']} ${K['path']}`]: true extends EsUnion<EndpointDe<K>> ? K : never;
};
type Repetidos = PorRuta[keyof PorRuta];
type Afirmar<T extends true> = T;
export type _TodosSonEndpoints = Afirmar<TodosLosEndpoints extends Endpoint ? true : false>;
export type _SinRepetidos = Afirmar<[Repetidos] extends [never] ? true : false>;
