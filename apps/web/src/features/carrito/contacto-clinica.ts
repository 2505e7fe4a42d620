// How a patient reaches the clinic to book what is in the cart (online booking arrives with the booking issue).
// The numbers are the clinic's public contact data (lib/clinica.ts), the same the footer shows.
import { clinica } from '../../lib/clinica.ts';

/** wa.me link with a prefilled message naming the treatments, so the clinic knows what to schedule. */
export function enlaceWhatsApp(tratamientos: string[]): string {
  const lista = tratamientos.length ? `: ${tratamientos.join(', ')}` : '';
  const texto = `Hola, quiero agendar estos tratamientos${lista}.`;
  return `${clinica.whatsappHref}?text=${encodeURIComponent(texto)}`;
}
