// es-CO formatting for money and durations (DOMAIN: '$ 180.000'). Dates and times are lib/tiempo.ts's: they
// depend on the clinic's zone.
/** 180000 -> '$ 180.000': packages/contracts' formatter, the one the receipts print too. */
export { formatoPesos as formatCOP } from '@clinica/contracts/dinero';
/** 100000 -> '$ 100 mil', 1200000 -> '$ 1,2 M': chart axes (packages/contracts formatoPesosCorto). */
export { formatoPesosCorto as formatCOPCorto } from '@clinica/contracts/dinero';

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
