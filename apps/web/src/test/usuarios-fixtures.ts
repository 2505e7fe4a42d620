// A user as the API answers it, for web tests: Marta Ríos, a patient, unless a test says otherwise.
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { mensajeriaRutas } from '@clinica/contracts/mensajeria-rutas';
import { responde } from './mock-fetch.ts';

export function usuarioDePrueba(over: Partial<UsuarioWire> = {}): UsuarioWire {
  return {
    id: 7,
    nombre: 'Marta Ríos',
    correo: 'marta@demo.test',
    rol: 'paciente',
    estado: true,
    tipodocumento: 'CC',
    numerodocumento: '1020304050',
    telefono: '300 123 4567',
    direccion: null,
    genero: 'femenino',
    fecha_nacimiento: '2008-04-12',
    ocupacion: null,
    estado_civil: null,
    fecha_registro: '2026-01-10T15:00:00.000Z',
    ...over,
  };
}

/** Laura Gómez, the patient whose own profile the user-form tests open. */
export const laura = usuarioDePrueba({
  id: 4,
  nombre: 'Laura Gómez',
  correo: 'laura@demo.test',
  fecha_nacimiento: '1990-04-12',
});

/** Her channels as a patient's «Mi perfil» reads them (issue 25): e-mail only, WhatsApp off. */
export const preferenciasSoloCorreo = responde(mensajeriaRutas.preferencias, {
  body: {
    whatsapp_disponible: false,
    canal: 'correo',
    whatsapp_numero: null,
    whatsapp_verificado_en: null,
    whatsapp_autorizado: false,
    numero_pendiente: null,
  },
});
