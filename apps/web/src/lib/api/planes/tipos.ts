// Wire types of the follow-up plan endpoints.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type PlanWire = NonNullable<RespuestaApi<typeof planesRutas.porCita>['plan']>;
export type PropuestaWire = RespuestaApi<typeof planesRutas.propuesta>;
export type SesionPropuestaWire = PropuestaWire['sesiones'][number];
export type PlanBody = BodyDe<EndpointDe<typeof planesRutas.crear>>;
export type ConfirmarPlanBody = BodyDe<EndpointDe<typeof planesRutas.confirmar>>;
