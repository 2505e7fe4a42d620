// /apicitas/crearcitas: a booking, by the patient (an evaluation of her cart, which the server empties) or by
// the desk for a patient. Each attempt carries an Idempotency-Key, reused only when the same booking is retried,
// so a double tap or a retry books once; a 409 HORARIO_OCUPADO carries the next free times.
import { useRef } from 'react';
import { citasRutas } from '@clinica/contracts/rutas';
import { api, ApiClientError } from '../../api-client.ts';
import type { EspacioWire } from '../disponibilidad/get-disponibilidad.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';
import type { CitaWire, CrearCitaBody } from './tipos.ts';

export const crearCita = ({ body, clave }: { body: CrearCitaBody; clave: string }) =>
  api(citasRutas.crear, { body, headers: { 'Idempotency-Key': clave } });

export const useCrearCita = () => useMutacionDeCita(crearCita);

/**
 * Booking with the key kept per attempt: retrying the same booking (a double submit, a retry after an error) sends
 * the same Idempotency-Key and books once; another booking, or the next one after a success, gets a new key.
 */
export function useAgendarCita() {
  const crear = useCrearCita();
  const intento = useRef<{ cuerpo: string; clave: string } | null>(null);
  const agendar = (
    body: CrearCitaBody,
    avisos: { onSuccess: (cita: CitaWire) => void; onError: (err: Error) => void },
  ) => {
    const cuerpo = JSON.stringify(body);
    if (intento.current?.cuerpo !== cuerpo) intento.current = { cuerpo, clave: nuevaClaveIdempotencia() };
    crear.mutate(
      { body, clave: intento.current.clave },
      {
        onSuccess: (cita) => {
          intento.current = null;
          avisos.onSuccess(cita);
        },
        onError: avisos.onError,
      },
    );
  };
  return { ...crear, agendar };
}

/** A fresh Idempotency-Key (the API takes 8-100 visible ASCII characters). */
export function nuevaClaveIdempotencia(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The next free times a 409 HORARIO_OCUPADO offers (booking, rescheduling, editing), or null for any other failure. */
export function siguientesLibres(error: unknown): EspacioWire[] | null {
  if (!(error instanceof ApiClientError) || error.code !== 'HORARIO_OCUPADO') return null;
  const datos = error.datos as { siguientes?: unknown } | undefined;
  return Array.isArray(datos?.siguientes) ? (datos.siguientes as EspacioWire[]) : [];
}
