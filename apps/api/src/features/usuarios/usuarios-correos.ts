// The account e-mails (password recovery, password changed), written with the product's one template
// (platform/plantillas-correo.ts). The recovery e-mail holds MARCA_ENLACE_RECUPERACION where its link goes, in the
// text and in the HTML: the link is signed only when the message is sent (decision 0011).
import { MINUTOS_ENLACE_RECUPERACION } from '@clinica/contracts/recuperacion';
import { DIAS_INVITACION } from '@clinica/contracts/usuarios';
import type { BloqueCorreo, PlantillasCorreo } from '../../platform/plantillas-correo.ts';

const parrafo = (texto: string): BloqueCorreo => ({ tipo: 'parrafo', texto });
const SI_NO_FUISTE_TU = parrafo('Si no fuiste tú, comunícate con la clínica de inmediato.');

/** Where the link goes in a queued recovery e-mail; also what the administrators' view shows instead of it. */
export const MARCA_ENLACE_RECUPERACION = '[enlace privado para restablecer la contraseña]';

export function createCorreosCuenta(plantillas: PlantillasCorreo) {
  const clinica = plantillas.identidad.nombre;
  /** One account e-mail: greeted by name, in the product's template. */
  const carta = (u: { nombre: string }, asunto: string, titulo: string, bloques: BloqueCorreo[]) =>
    plantillas.componer({ asunto, titulo, saludo: `Hola, ${u.nombre}:`, bloques });
  return {
    recuperacion(u: { nombre: string }) {
      return carta(u, `Restablece tu contraseña de ${clinica}`, 'Restablece tu contraseña', [
        parrafo(
          `Recibimos una solicitud para restablecer la contraseña de tu cuenta en ${clinica}. Para elegir una nueva, abre este enlace. Sirve una sola vez y vence en ${MINUTOS_ENLACE_RECUPERACION} minutos.`,
        ),
        { tipo: 'boton', texto: 'Elegir una contraseña nueva', url: MARCA_ENLACE_RECUPERACION },
        { tipo: 'nota', texto: 'Si no fuiste tú, ignora este correo: tu contraseña sigue igual.' },
      ]);
    },
    /**
     * A walk-in patient's invitation to choose her password (decision 0048): the recovery link (signed when sent, the
     * same placeholder), valid DIAS_INVITACION days.
     */
    invitacion(u: { nombre: string }) {
      return carta(u, `Elige tu contraseña de ${clinica}`, 'Tu cuenta en línea te espera', [
        parrafo(
          `En ${clinica} te registramos como paciente. Para ver tus citas, tu historia clínica y tus documentos desde el teléfono, elige tu contraseña con este enlace. Sirve una sola vez y vence en ${DIAS_INVITACION} días; después puedes pedir uno nuevo en la clínica o desde «¿Olvidaste tu contraseña?».`,
        ),
        { tipo: 'boton', texto: 'Elegir mi contraseña', url: MARCA_ENLACE_RECUPERACION },
        {
          tipo: 'nota',
          texto: 'Si no tienes relación con la clínica, ignora este correo: nadie entra sin este enlace.',
        },
      ]);
    },
    /** After she chose her first password from the invitation (or a recovery link) of an account that had none. */
    contrasenaCreada(u: { nombre: string }) {
      return carta(u, `Tu cuenta en ${clinica} está lista`, 'Tu cuenta está lista', [
        parrafo(
          `Elegiste la contraseña de tu cuenta en ${clinica}. Desde ahora entras con este correo y esa contraseña.`,
        ),
        SI_NO_FUISTE_TU,
      ]);
    },
    /** `porEnlace`: changed with a recovery link (every session closed), else from the profile (the others). */
    contrasenaCambiada(u: { nombre: string }, porEnlace: boolean) {
      return carta(u, `Tu contraseña de ${clinica} se cambió`, 'Tu contraseña se cambió', [
        parrafo(
          porEnlace
            ? `La contraseña de tu cuenta en ${clinica} se cambió con un enlace de recuperación. Cerramos todas tus sesiones abiertas.`
            : `La contraseña de tu cuenta en ${clinica} se cambió. Cerramos tus otras sesiones abiertas.`,
        ),
        SI_NO_FUISTE_TU,
      ]);
    },
    /** To the new address: the link that completes a change the owner asked for (decision 0037). */
    confirmarCorreo(u: { nombre: string }, correoNuevo: string, enlace: string, horas: number) {
      return carta(u, `Confirma tu nuevo correo en ${clinica}`, 'Confirma tu nuevo correo', [
        parrafo(
          `Pediste que tu cuenta en ${clinica} use este correo (${correoNuevo}). Para terminar, abre este enlace. Sirve una sola vez y vence en ${horas} horas.`,
        ),
        { tipo: 'boton', texto: 'Confirmar mi nuevo correo', url: enlace },
        { tipo: 'nota', texto: 'Si no lo pediste, ignora este correo: nada cambia.' },
      ]);
    },
    /** To the current address when a change is asked: nothing changes until the new address confirms. */
    cambioCorreoPedido(u: { nombre: string }, correoNuevo: string) {
      return carta(u, `Se pidió cambiar el correo de tu cuenta en ${clinica}`, 'Se pidió cambiar tu correo', [
        parrafo(
          `Desde tu perfil se pidió que tu cuenta use el correo ${correoNuevo}. El cambio solo ocurre si se abre el enlace que enviamos a esa dirección; hasta entonces sigues entrando con este correo.`,
        ),
        parrafo('Si no fuiste tú, alguien conoce tu contraseña: cámbiala ahora y comunícate con la clínica.'),
      ]);
    },
    /** To the old address once the account uses another one; `porPersonal`: staff corrected an unused account. */
    correoCambiado(u: { nombre: string }, correoNuevo: string, porPersonal: boolean) {
      return carta(u, `El correo de tu cuenta en ${clinica} cambió`, 'Tu correo cambió', [
        parrafo(
          porPersonal
            ? `La clínica corrigió el correo de tu cuenta en ${clinica}: ahora es ${correoNuevo}. Desde ahora los avisos llegan allí.`
            : `Tu cuenta en ${clinica} ahora usa el correo ${correoNuevo}. Cerramos todas tus sesiones abiertas: inicia sesión con el correo nuevo.`,
        ),
        SI_NO_FUISTE_TU,
      ]);
    },
    /** To the new address when staff corrected an unused account's e-mail. */
    correoAsignado(u: { nombre: string }) {
      return carta(u, `Tu cuenta en ${clinica} usa este correo`, 'Tu cuenta usa este correo', [
        parrafo(
          `La clínica registró este correo en tu cuenta de ${clinica}. Si no tienes contraseña o no la recuerdas, elige una desde «¿Olvidaste tu contraseña?» en la página de inicio de sesión.`,
        ),
        { tipo: 'nota', texto: 'Si no tienes relación con la clínica, ignora este correo.' },
      ]);
    },
  };
}
export type CorreosCuenta = ReturnType<typeof createCorreosCuenta>;
