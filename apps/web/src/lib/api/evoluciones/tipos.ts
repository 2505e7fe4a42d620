// Wire types of the clinical note endpoints.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type EvolucionWire = NonNullable<RespuestaApi<typeof evolucionesRutas.porCita>['evolucion']>;
export type EvolucionBody = BodyDe<EndpointDe<typeof evolucionesRutas.crear>>;
