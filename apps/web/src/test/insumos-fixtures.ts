// A product, a product with its lots and a lot as the API answers them, for the supplies' web tests.
import type { LoteWire, ProductoDetalleWire, ProductoWire } from '../lib/api/insumos/tipos.ts';

export const producto = (extra: Partial<ProductoWire> = {}): ProductoWire => ({
  id: 2,
  nombre: 'Ácido hialurónico 1 mL',
  tipo: 'acido_hialuronico',
  fabricante: 'Dermalab',
  registro_invima: 'INVIMA 2019DM-0020231',
  unidad: 'mL',
  stock_minimo: 5,
  activo: true,
  existencia: 12.5,
  existencia_vencida: 0,
  stock_bajo: false,
  creado_en: '2026-10-01T15:00:00.000Z',
  actualizado_en: '2026-10-01T15:00:00.000Z',
  ...extra,
});

export const lote = (extra: Partial<LoteWire> = {}): LoteWire => ({
  id: 4,
  producto_id: 2,
  numero: 'B2291',
  vence_el: '2027-08-31',
  vencido: false,
  cantidad_recibida: 10,
  consumido: 2.5,
  existencia: 7.5,
  proveedor: 'Dermafarma S.A.S.',
  referencia_compra: 'FAC-1020',
  recibido_por: { id: 3, nombre: 'Ana Ruiz' },
  recibido_en: '2026-10-02T15:00:00.000Z',
  ...extra,
});

export const productoConLotes = (lotes: LoteWire[], extra: Partial<ProductoDetalleWire> = {}): ProductoDetalleWire => ({
  ...producto(),
  lotes,
  ...extra,
});
