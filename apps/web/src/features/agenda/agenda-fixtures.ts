// Wire-typed data for the agenda's component tests.
import { esDiaNoHabil, instanteLocal, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { hoy, zonaClinica } from '../../lib/tiempo.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';

/** A working day (not Sunday nor a holiday) at least `desde` days from today in the clinic. */
export function diaHabil(desde = 7): Fecha {
  let d = sumarDias(hoy(), desde);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

export const iso = (dia: Fecha, hora: string) => instanteLocal(dia, hora, zonaClinica).toISOString();

export const doctores = [
  { id: 2, nombre: 'Dr. Andrés Gómez' },
  { id: 3, nombre: 'Dra. Catalina Vélez' },
];

export function cita(id: number, dia: Fecha, hora: string, extra: Partial<CitaWire> = {}): CitaWire {
  const inicio = iso(dia, hora);
  const fin = new Date(Date.parse(inicio) + 30 * 60_000).toISOString();
  return {
    id,
    fecha: inicio,
    inicio,
    fin,
    tipo: 'evaluacion',
    estado: 'confirmada',
    usuario: {
      id: 10,
      nombre: 'Sofía Ramírez',
      correo: 'sofia@demo.test',
      telefono: null,
      numerodocumento: '1020304050',
    },
    doctor: doctores[0]!,
    procedimiento: null,
    procedimientos_solicitados: [],
    motivo: null,
    observaciones: null,
    motivo_cancelacion: null,
    creada_en: inicio,
    actualizada_en: inicio,
    ...extra,
  };
}

export const espacio = (dia: Fecha, hora: string, doctorId = 2): EspacioWire => ({
  inicio: iso(dia, hora),
  fin: new Date(Date.parse(iso(dia, hora)) + 30 * 60_000).toISOString(),
  doctor_id: doctorId,
});

export function paciente(id: number, nombre: string): UsuarioWire {
  return {
    id,
    nombre,
    correo: `${nombre.split(' ')[0]!.toLowerCase()}@demo.test`,
    rol: 'paciente',
    estado: true,
    tipodocumento: 'CC',
    numerodocumento: String(1020304000 + id),
    telefono: null,
    direccion: null,
    genero: null,
    fecha_nacimiento: null,
    ocupacion: null,
    estado_civil: null,
    fecha_registro: null,
  };
}
