// How to greet someone: the first name, keeping a title the person uses ('Dr. Andrés', not 'Dr.').
const TITULO = /^(dr|dra|sr|sra|srta|lic|ing)\.?$/i;

export function primerNombre(nombre: string): string {
  const partes = nombre.trim().split(/\s+/).filter(Boolean);
  if (partes.length > 1 && TITULO.test(partes[0]!)) return `${partes[0]} ${partes[1]}`;
  return partes[0] ?? '';
}
