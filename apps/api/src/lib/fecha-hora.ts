// Dates as the clinic's documents print them (DOMAIN.md dates).
import { horaEsCo } from '@clinica/contracts/tiempo';

/** 'dd/mm/aaaa h:mm a. m.' in the clinic's zone. */
export function formateadorFechaHora(zona: string): (d: Date) => string {
  const fecha = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zona });
  return (d: Date) => `${fecha.format(d)} ${horaEsCo(d, zona)}`.replace(/\u00a0|\u202f/g, ' ');
}
