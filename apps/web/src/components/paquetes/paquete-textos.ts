// How a patient's package is said (issue 23, item 4): its state, the sessions left, and the next session it gives
// ("Sesión 2 de 5 del paquete X, vence el 30/05/2027"). Shared by her portal, the desk's view of her packages and the
// booking form.
import type { PaquetePacienteWire } from '../../lib/api/paquetes/tipos.ts';
import { formatFecha } from '../../lib/tiempo.ts';
import type { Estado } from '../../app/theme.ts';

export const ESTADO_PAQUETE: Record<PaquetePacienteWire['estado'], { texto: string; tono: Estado }> = {
  activo: { texto: 'Activo', tono: 'success' },
  agotado: { texto: 'Usado por completo', tono: 'primary' },
  vencido: { texto: 'Vencido', tono: 'danger' },
};

export const sesiones = (n: number) => (n === 1 ? '1 sesión' : `${n} sesiones`);

/** "Sesión 2 de 5 del paquete Láser x 5, vence el 30/05/2027": what the next appointment of it would use. */
export function siguienteSesion(p: PaquetePacienteWire): string {
  return `Sesión ${p.sesiones_usadas + 1} de ${p.sesiones_total} del paquete ${p.nombre}, vence el ${formatFecha(p.vence_el)}`;
}

/** "Quedan 3 de 5 sesiones", or what became of them. */
export function resumenSesiones(p: PaquetePacienteWire): string {
  if (p.estado === 'vencido')
    return `Venció con ${sesiones(p.sesiones_vencidas)} sin usar (${p.sesiones_usadas} de ${p.sesiones_total} usadas)`;
  if (p.estado === 'agotado') return `${sesiones(p.sesiones_total)} usadas`;
  return `Quedan ${p.sesiones_restantes} de ${p.sesiones_total} sesiones`;
}
