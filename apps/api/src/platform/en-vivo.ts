// In-process bus for events the live connection acts on. The outbox dispatcher publishes here after commit;
// the socket layer (live notifications) subscribes, e.g. to drop the sockets of revoked sessions. With
// several instances, the socket adapter carries the resulting actions to the others.
import { EventEmitter } from 'node:events';
import type { EventosBandeja } from './bandeja.service.ts';

export type EventosEnVivo = Pick<EventosBandeja, 'sesiones.revocadas' | 'notificacion' | 'cita.cambio'>;

export function createEnVivo() {
  const emisor = new EventEmitter();
  return {
    publicar<K extends keyof EventosEnVivo>(evento: K, carga: EventosEnVivo[K]): void {
      emisor.emit(evento, carga);
    },
    /** Returns the function that unsubscribes. */
    suscribir<K extends keyof EventosEnVivo>(evento: K, fn: (carga: EventosEnVivo[K]) => void): () => void {
      emisor.on(evento, fn);
      return () => emisor.off(evento, fn);
    },
  };
}
export type EnVivo = ReturnType<typeof createEnVivo>;
