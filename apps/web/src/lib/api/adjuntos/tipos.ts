// Wire types of the attachment endpoints.
import type { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type ResultadosDeCitaWire = RespuestaApi<typeof adjuntosRutas.resultados>;
export type ResultadoWire = ResultadosDeCitaWire['resultados'][number];
export type FotosDeCitaWire = RespuestaApi<typeof adjuntosRutas.fotos>;
