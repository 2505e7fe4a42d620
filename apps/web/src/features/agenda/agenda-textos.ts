// Spanish names of appointment types and states for filters and the calendar (badges: components/cita-badges).
import type { EstadoCita, TipoCita } from '@clinica/contracts/citas';

export const tiposCita = ['evaluacion', 'procedimiento', 'control'] as const satisfies readonly TipoCita[];
export const estadosCita = [
  'pendiente',
  'confirmada',
  'realizada',
  'cancelada',
] as const satisfies readonly EstadoCita[];

export const nombreTipo: Record<TipoCita, string> = {
  evaluacion: 'Evaluación',
  procedimiento: 'Procedimiento',
  control: 'Control',
};

export const nombreEstado: Record<EstadoCita, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  cancelada: 'Cancelada',
};

export const opcionesTipo = tiposCita.map((t) => ({ value: t, label: nombreTipo[t] }));
export const opcionesEstado = estadosCita.map((e) => ({ value: e, label: nombreEstado[e] }));
