// Wire-typed data for the agenda's component tests.
import { esDiaNoHabil, instanteLocal, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { hoy, zonaClinica } from '../../lib/tiempo.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { citasRutas } from '@clinica/contracts/rutas';
import { citaWire, espacioWire } from '../../test/citas-fixtures.ts';
import { responde, type RutaSimulada } from '../../test/mock-fetch.ts';
import { paginaDe } from '../../test/session-test-utils.tsx';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';

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

/** What the agenda screens read first, the doctors and one page of `citas`, and then the routes a test adds. */
export const agendaCon = (citas: CitaWire[], ...otras: RutaSimulada[]): RutaSimulada[] => [
  responde(citasRutas.doctores, { body: doctores }),
  responde(citasRutas.listar, { body: paginaDe(citas) }),
  ...otras,
];

export const cita = (id: number, dia: Fecha, hora: string, extra: Partial<CitaWire> = {}): CitaWire =>
  citaWire(iso(dia, hora), { id, doctor: doctores[0]!, ...extra });

/** Luis Pérez's cancelled appointment, beside `de`'s (another patient on the same day). */
export const canceladaDeLuis = (id: number, dia: Fecha, hora: string, de: CitaWire): CitaWire =>
  cita(id, dia, hora, { estado: 'cancelada', usuario: { ...de.usuario, id: 11, nombre: 'Luis Pérez' } });

export const espacio = (dia: Fecha, hora: string, doctorId = 2): EspacioWire => espacioWire(iso(dia, hora), doctorId);

export const paciente = (id: number, nombre: string): UsuarioWire =>
  usuarioDePrueba({
    id,
    nombre,
    correo: `${nombre.split(' ')[0]!.toLowerCase()}@demo.test`,
    numerodocumento: String(1020304000 + id),
    telefono: null,
    genero: null,
    fecha_nacimiento: null,
    fecha_registro: null,
  });
