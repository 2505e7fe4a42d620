// Wire-typed appointments and free times for any screen's tests (agenda, patient screens, dashboard): one shape,
// each test overriding what it asserts on.
import type { CitaWire } from '../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../lib/api/disponibilidad/get-disponibilidad.ts';

const MEDIA_HORA = 30 * 60_000;
const masMediaHora = (inicio: string) => new Date(Date.parse(inicio) + MEDIA_HORA).toISOString();

/** A confirmed 30-minute evaluation of Sofía Ramírez with Dr. Andrés Gómez (id 2) starting at `inicio`. */
export function citaWire(inicio: string, over: Partial<CitaWire> = {}): CitaWire {
  return {
    id: 1,
    fecha: inicio,
    inicio,
    fin: masMediaHora(inicio),
    tipo: 'evaluacion',
    estado: 'confirmada',
    usuario: {
      id: 10,
      nombre: 'Sofía Ramírez',
      correo: 'sofia@demo.test',
      telefono: null,
      numerodocumento: '1020304050',
    },
    doctor: { id: 2, nombre: 'Dr. Andrés Gómez' },
    procedimiento: null,
    procedimientos_solicitados: [],
    motivo: null,
    observaciones: null,
    motivo_cancelacion: null,
    causa_cancelacion: null,
    anticipo: null,
    creada_en: inicio,
    actualizada_en: inicio,
    ...over,
  };
}

/** A free 30-minute time of doctor `doctorId`. */
export const espacioWire = (inicio: string, doctorId: number): EspacioWire => ({
  inicio,
  fin: masMediaHora(inicio),
  doctor_id: doctorId,
});

/** The clinic's policy as GET /apicitas/politica answers it (the settings' defaults unless a test says otherwise). */
export const politicaDePrueba = (o: { cancelacion_horas_aviso?: number; anticipo_horas_reserva?: number } = {}) => ({
  cancelacion_horas_aviso: 24,
  anticipo_horas_reserva: 24,
  ...o,
});
