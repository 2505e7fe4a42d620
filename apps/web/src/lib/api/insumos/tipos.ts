// Wire types of the products-and-lots endpoints.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { insumosRutas } from '@clinica/contracts/insumos-rutas';
import type { RespuestaApi } from '../../api-client.ts';

export type ProductoWire = RespuestaApi<typeof insumosRutas.productos>[number];
export type ProductoDetalleWire = RespuestaApi<typeof insumosRutas.producto>;
export type LoteWire = ProductoDetalleWire['lotes'][number];
export type MovimientoWire = RespuestaApi<typeof insumosRutas.movimientos>[number];
export type AlertasWire = RespuestaApi<typeof insumosRutas.alertas>;
export type CrearProductoBody = BodyDe<EndpointDe<typeof insumosRutas.crearProducto>>;
export type EditarProductoBody = BodyDe<EndpointDe<typeof insumosRutas.editarProducto>>;
export type RecibirLoteBody = BodyDe<EndpointDe<typeof insumosRutas.recibirLote>>;
export type AjusteBody = BodyDe<EndpointDe<typeof insumosRutas.ajustar>>;
export type LoteUsableWire = RespuestaApi<typeof insumosRutas.lotesUsables>[number];
