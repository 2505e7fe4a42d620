// The clinic's public contact data and opening hours, shown in the public footer and on /inicio.
// Demo values for this installation (fictitious address and numbers); change them here for a real clinic.
import { env } from './env.ts';

export const clinica = {
  nombre: env.clinicaNombre,
  direccion: 'Calle 93 # 13-45, consultorio 302',
  barrio: 'Chicó, Bogotá D. C.',
  /** Bogotá landline, shown as dialled inside Colombia. */
  telefono: '601 742 1830',
  telefonoHref: 'tel:+576017421830',
  whatsapp: '310 555 0142',
  whatsappHref: 'https://wa.me/573105550142',
  correo: 'contacto@clinica-aurora.test',
  horario: [
    { dias: 'Lunes a sábado', horas: '8:00 a. m. – 6:00 p. m.' },
    { dias: 'Domingos y festivos', horas: 'Cerrado' },
  ],
} as const;
