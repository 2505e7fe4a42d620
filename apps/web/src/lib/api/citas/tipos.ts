// Wire types of the appointment endpoints, read from the contracts through the web's client.
import type { BodyDe, QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { citasRutas } from '@clinica/contracts/rutas';
import type { RespuestaApi } from '../../api-client.ts';

/** One appointment as every list answers it. */
export type CitaWire = RespuestaApi<typeof citasRutas.misCitas>[number];
/** One appointment as its details screen reads it: plus what realizada still needs and, for its doctor, the alerts. */
export type DetalleCitaWire = RespuestaApi<typeof citasRutas.buscar>;
/** Filters of the staff list, and the page (pagina, porPagina). */
export type FiltroCitas = NonNullable<QueryDe<EndpointDe<typeof citasRutas.listar>>>;
/** A calendar's filters: a bounded range (a day or a week), so every appointment in it is fetched. */
export type FiltroAgenda = Omit<FiltroCitas, 'pagina' | 'porPagina'> & { desde: string; hasta: string };
export type CrearCitaBody = BodyDe<EndpointDe<typeof citasRutas.crear>>;
export type EditarCitaBody = BodyDe<EndpointDe<typeof citasRutas.editar>>;
export type EstadoCita = BodyDe<EndpointDe<typeof citasRutas.editarEstado>>['estado'];
