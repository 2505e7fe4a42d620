// A package definition and a patient's package as the API answers them, for the packages' web tests.
import type { PaquetePacienteWire, PaqueteWire } from '../lib/api/paquetes/tipos.ts';

export const definicion = (extra: Partial<PaqueteWire> = {}): PaqueteWire => ({
  id: 3,
  nombre: 'Láser axilas: 6 sesiones',
  procedimiento: { id: 9, nombre: 'Depilación láser de axilas' },
  sesiones: 6,
  precio: 1_530_000,
  vigencia_dias: 365,
  activo: true,
  creado_en: '2026-11-01T15:00:00.000Z',
  actualizado_en: '2026-11-01T15:00:00.000Z',
  ...extra,
});

export const vendido = (extra: Partial<PaquetePacienteWire> = {}): PaquetePacienteWire => ({
  id: 11,
  paquete_id: 3,
  paciente_id: 1,
  nombre: 'Peeling: 5 sesiones',
  procedimiento: { id: 4, nombre: 'Peeling químico superficial' },
  sesiones_total: 5,
  sesiones_usadas: 1,
  sesiones_restantes: 4,
  sesiones_vencidas: 0,
  precio: 1_200_000,
  vence_el: '2027-05-30',
  usable_hasta: '2027-05-30',
  estado: 'activo',
  vendido_en: '2026-11-20T15:00:00.000Z',
  recibo_numero: 41,
  consumos: [{ cita_id: 90, cita_inicio: '2026-11-24T14:00:00.000Z', consumido_en: '2026-11-24T15:00:00.000Z' }],
  ...extra,
});
