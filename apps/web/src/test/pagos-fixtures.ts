// Payments and the cash desk as the API answers them (issue 23), for web tests: Natalia Ospina's desk.
import type { TotalesCaja } from '@clinica/contracts/pagos';
import type { CierreCajaWire, ListaPagosWire, PagoWire, ResumenCajaWire } from '../lib/api/pagos/tipos.ts';

export const natalia = { id: 4, nombre: 'Natalia Ospina' };
const cero = { cobrado: 0, devuelto: 0, anulado: 0 };

export const totalesDePrueba = (o: Partial<TotalesCaja> = {}): TotalesCaja => ({
  efectivo: { cobrado: 120_000, devuelto: 0, anulado: 0 },
  datafono: { cobrado: 180_000, devuelto: 0, anulado: 0 },
  transferencia: cero,
  nequi_daviplata: cero,
  en_linea: cero,
  saldo_a_favor: cero,
  ...o,
});

export const pagoDePrueba = (o: Partial<PagoWire> = {}): PagoWire => ({
  id: 9,
  recibo_numero: 12,
  paciente: { id: 7, nombre: 'Ana Gómez' },
  monto: 1_234_567,
  metodo: 'datafono',
  concepto: 'saldo',
  descripcion: 'Saldo de la cita de Hidrafacial del 01/12/2026',
  referencia: '483920',
  cita_id: 41,
  estado: 'aprobado',
  registrado_por: natalia,
  registrado_en: '2026-12-01T15:00:00.000Z',
  notas: null,
  anulacion: null,
  ...o,
});

export const listaPagos = (items: PagoWire[], o: Partial<ListaPagosWire> = {}): ListaPagosWire => ({
  items,
  total: items.length,
  pagina: 1,
  porPagina: 20,
  ...o,
});

export const cierreDePrueba = (o: Partial<CierreCajaWire> = {}): CierreCajaWire => ({
  id: 1,
  fecha: '2026-12-01',
  usuario: natalia,
  totales: totalesDePrueba(),
  efectivo_esperado: 120_000,
  efectivo_contado: 110_000,
  diferencia: -10_000,
  notas: 'Faltó un billete',
  cerrado_por: natalia,
  cerrado_en: '2026-12-02T00:00:00.000Z',
  ...o,
});

export const resumenCajaDePrueba = (o: Partial<ResumenCajaWire> = {}): ResumenCajaWire => ({
  fecha: '2026-12-01',
  usuario: natalia,
  totales: totalesDePrueba(),
  total: { cobrado: 300_000, devuelto: 0, anulado: 0, neto: 300_000 },
  movimientos: 2,
  efectivo_esperado: 120_000,
  cierre: null,
  ...o,
});
