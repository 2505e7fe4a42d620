// A date and time as es-CO writes it ('23/11/2026, 1:21 a. m.'), kept on one line: in a narrow column it moves
// whole to the next line instead of breaking inside 'a. m.'.
import { formatFechaHora } from '../lib/tiempo.ts';

export function FechaHora({ valor }: { valor: string | Date }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(valor)}</span>;
}
