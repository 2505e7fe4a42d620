// The one query-key factory for appointments (issue 22): every list, calendar range and detail of /apicitas lives
// under citasClaves.todas, so a change to an appointment (here, from a live notification, or from a confirmed
// follow-up series) refreshes every screen that shows one. Free times live under the same root
// (disponibilidadClaves): they are what the appointments leave free.
import type { FiltroAgenda, FiltroCitas } from './tipos.ts';

export const citasClaves = {
  todas: ['citas'] as const,
  listas: () => ['citas', 'lista'] as const,
  /** One page of the staff list. */
  lista: (f: FiltroCitas) => ['citas', 'lista', f] as const,
  /** Every appointment of a bounded range (a calendar's day or week, the panels' periods). */
  agenda: (f: FiltroAgenda, maxPaginas?: number) => ['citas', 'agenda', f, maxPaginas ?? null] as const,
  mias: () => ['citas', 'mias'] as const,
  usuario: (usuarioId: number) => ['citas', 'usuario', usuarioId] as const,
  /** The patient's name on /citaspaciente: refreshed with her list. */
  nombrePaciente: (usuarioId: number, propia: boolean) => ['citas', 'nombre-paciente', usuarioId, propia] as const,
  detalle: (id: number) => ['citas', 'detalle', id] as const,
};
