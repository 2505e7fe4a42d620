// es-CO formatting for money, dates and durations (DOMAIN: '$ 180.000', dd/mm/aaaa, h:mm a. m.).
const cop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const dia = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Bogota',
});
const diaHora = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Bogota',
});

/** 180000 -> '$ 180.000' (normal spaces, so text matches what people type and tests expect). */
export function formatCOP(valor: number): string {
  return cop.format(valor).replace(/\s/g, ' ');
}

/** ISO date or date-time -> 'dd/mm/aaaa'. Plain 'YYYY-MM-DD' dates are not shifted by the time zone. */
export function formatFecha(valor: string | Date): string {
  if (typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor)) {
    const [a, m, d] = valor.split('-');
    return `${d}/${m}/${a}`;
  }
  return dia.format(new Date(valor));
}

/** ISO date-time -> 'dd/mm/aaaa, hh:mm a. m.' in the clinic's zone. */
export function formatFechaHora(valor: string | Date): string {
  return diaHora.format(new Date(valor)).replace(/\s/g, ' ');
}

/** 90 -> '1 h 30 min', 45 -> '45 min'. */
export function formatDuracion(minutos: number): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

// How to greet someone: the first name, keeping a title the person uses ('Dr. Andrés', not 'Dr.').
const TITULO = /^(dr|dra|sr|sra|srta|lic|ing)\.?$/i;

export function primerNombre(nombre: string): string {
  const partes = nombre.trim().split(/\s+/).filter(Boolean);
  if (partes.length > 1 && TITULO.test(partes[0]!)) return `${partes[0]} ${partes[1]}`;
  return partes[0] ?? '';
}
