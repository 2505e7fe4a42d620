// Dates as the clinic's documents print them (DOMAIN.md dates).

/** 'dd/mm/aaaa h:mm a. m.' in the clinic's zone. */
export function formateadorFechaHora(zona: string): (d: Date) => string {
  const fecha = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zona });
  const hora = new Intl.DateTimeFormat('es-CO', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: zona });
  return (d: Date) => `${fecha.format(d)} ${hora.format(d)}`.replace(/\u00a0|\u202f/g, ' ');
}
