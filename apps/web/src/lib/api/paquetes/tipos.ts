// Wire types of the package endpoints.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type PaqueteWire = RespuestaApi<typeof paquetesRutas.listar>[number];
export type PaquetePacienteWire = RespuestaApi<typeof paquetesRutas.dePaciente>[number];
export type VentaWire = RespuestaApi<typeof paquetesRutas.vender>;
export type CrearPaqueteBody = BodyDe<EndpointDe<typeof paquetesRutas.crear>>;
export type EditarPaqueteBody = BodyDe<EndpointDe<typeof paquetesRutas.editar>>;
export type VenderPaqueteBody = BodyDe<EndpointDe<typeof paquetesRutas.vender>>;
