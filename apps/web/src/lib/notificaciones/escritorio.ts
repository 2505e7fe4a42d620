// Desktop notifications (SPEC 7): when a live notification arrives and the person allowed them, the browser shows
// one with the message as its body; the title says what it is for each feed. Permission is asked once after
// sign-in, only while the person has not decided yet.

export const TITULO_DOCTOR = 'Nueva cita registrada';
export const TITULO_PACIENTE = 'Nueva notificación';

export function tituloEscritorio(esDoctor: boolean): string {
  return esDoctor ? TITULO_DOCTOR : TITULO_PACIENTE;
}

function api(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
}

/** Shows the desktop notification if permission was granted; returns it (or null) so a click can be handled. */
export function mostrarEscritorio(esDoctor: boolean, mensaje: string, etiqueta?: string): Notification | null {
  const N = api();
  if (!N || N.permission !== 'granted') return null;
  try {
    return new N(tituloEscritorio(esDoctor), { body: mensaje, tag: etiqueta, lang: 'es-CO' });
  } catch (err) {
    // Android Chrome only allows them from a service worker: the in-app list still has it.
    console.warn('No se pudo mostrar la notificación de escritorio', err);
    return null;
  }
}

/** Users asked in this page load: "once after login" (a dismissed prompt is not repeated on every screen). */
const pedidos = new Set<number>();

/** Asks for permission once per signed-in user while it is still undecided ('default'). */
export function pedirPermisoUnaVez(userId: number): void {
  const N = api();
  if (!N || N.permission !== 'default' || pedidos.has(userId)) return;
  pedidos.add(userId);
  try {
    // Older Safari takes a callback and returns undefined; current browsers return a promise.
    const r = N.requestPermission() as Promise<NotificationPermission> | undefined;
    void r?.catch((err: unknown) => console.warn('No se pudo pedir permiso para notificaciones', err));
  } catch (err) {
    console.warn('No se pudo pedir permiso para notificaciones', err);
  }
}

/** Tests only: forget who was asked. */
export function olvidarPermisosPedidos(): void {
  pedidos.clear();
}
