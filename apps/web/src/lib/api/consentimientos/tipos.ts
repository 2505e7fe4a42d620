// Wire types of the informed consent endpoints.
import type { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { RespuestaApi } from '../../api-client.ts';

export type ConsentimientoDeCitaWire = RespuestaApi<typeof consentimientosRutas.porCita>;
export type ConsentimientoWire = ConsentimientoDeCitaWire['consentimientos'][number];
export type FirmaBody = BodyDe<EndpointDe<typeof consentimientosRutas.firmar>>;
