// Wire types of doctors' hours and blocks.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { citasRutas } from '@clinica/contracts/rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type HorarioWire = RespuestaApi<typeof citasRutas.horarios>[number];
export type BloqueoWire = RespuestaApi<typeof citasRutas.bloqueos>[number];
export type CrearBloqueoBody = BodyDe<EndpointDe<typeof citasRutas.crearBloqueo>>;
