// How a patient reaches the clinic to book what is in the cart (online booking arrives with the booking issue).
// Demo values: they belong in lib/env.ts (VITE_CLINICA_TELEFONO / VITE_CLINICA_WHATSAPP), requested from the
// platform engineer; until then the installation's numbers are set here.
export const contactoClinica = {
  /** As shown to people. */
  telefono: '+57 601 555 0142',
  /** E.164 digits without '+', for tel: and wa.me links. */
  telefonoDigitos: '576015550142',
  whatsapp: '+57 310 555 0142',
  whatsappDigitos: '573105550142',
  horario: 'Lunes a sábado, 8:00 a. m. a 6:00 p. m.',
};

/** wa.me link with a prefilled message naming the treatments, so the clinic knows what to schedule. */
export function enlaceWhatsApp(tratamientos: string[]): string {
  const lista = tratamientos.length ? `: ${tratamientos.join(', ')}` : '';
  const texto = `Hola, quiero agendar estos tratamientos${lista}.`;
  return `https://wa.me/${contactoClinica.whatsappDigitos}?text=${encodeURIComponent(texto)}`;
}
