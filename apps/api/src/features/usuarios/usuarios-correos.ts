// The account e-mails (password recovery, password changed), written with the product's one template
// (platform/plantillas-correo.ts). The recovery e-mail holds MARCA_ENLACE_RECUPERACION where its link goes, in the
// text and in the HTML: the link is signed only when the message is sent (decision 0011).
import { MINUTOS_ENLACE_RECUPERACION } from '@clinica/contracts/recuperacion';
import type { PlantillasCorreo } from '../../platform/plantillas-correo.ts';

/** Where the link goes in a queued recovery e-mail; also what the administrators' view shows instead of it. */
export const MARCA_ENLACE_RECUPERACION = '[enlace privado para restablecer la contraseña]';

export function createCorreosCuenta(plantillas: PlantillasCorreo) {
  const clinica = plantillas.identidad.nombre;
  return {
    recuperacion(u: { nombre: string }) {
      return plantillas.componer({
        asunto: `Restablece tu contraseña de ${clinica}`,
        titulo: 'Restablece tu contraseña',
        saludo: `Hola, ${u.nombre}:`,
        bloques: [
          {
            tipo: 'parrafo',
            texto: `Recibimos una solicitud para restablecer la contraseña de tu cuenta en ${clinica}. Para elegir una nueva, abre este enlace. Sirve una sola vez y vence en ${MINUTOS_ENLACE_RECUPERACION} minutos.`,
          },
          { tipo: 'boton', texto: 'Elegir una contraseña nueva', url: MARCA_ENLACE_RECUPERACION },
          { tipo: 'nota', texto: 'Si no fuiste tú, ignora este correo: tu contraseña sigue igual.' },
        ],
      });
    },
    /** `porEnlace`: changed with a recovery link (every session closed), else from the profile (the others). */
    contrasenaCambiada(u: { nombre: string }, porEnlace: boolean) {
      return plantillas.componer({
        asunto: `Tu contraseña de ${clinica} se cambió`,
        titulo: 'Tu contraseña se cambió',
        saludo: `Hola, ${u.nombre}:`,
        bloques: [
          {
            tipo: 'parrafo',
            texto: porEnlace
              ? `La contraseña de tu cuenta en ${clinica} se cambió con un enlace de recuperación. Cerramos todas tus sesiones abiertas.`
              : `La contraseña de tu cuenta en ${clinica} se cambió. Cerramos tus otras sesiones abiertas.`,
          },
          { tipo: 'parrafo', texto: 'Si no fuiste tú, comunícate con la clínica de inmediato.' },
        ],
      });
    },
  };
}
export type CorreosCuenta = ReturnType<typeof createCorreosCuenta>;
