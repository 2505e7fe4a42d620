// Wire fixtures for the appointment screens' tests: appointments and free times on working days ahead of today
// in the clinic's zone, so the tests do not age.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import type { SaldoCitaWire } from '../../lib/api/pagos/tipos.ts';
import { esDiaNoHabil, instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { hoy, zonaClinica } from '../../lib/tiempo.ts';
import type { DetalleCitaWire } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import type { EvolucionWire } from '../../lib/api/evoluciones/tipos.ts';
import { citaWire, espacioWire } from '../../test/citas-fixtures.ts';
import { responde, type RutaSimulada } from '../../test/mock-fetch.ts';
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';

/** The n-th working day (Monday to Saturday, not a holiday) after today. */
export function diaHabil(n = 1): string {
  let dia = hoy();
  let vistos = 0;
  while (vistos < n) {
    dia = sumarDias(dia, 1);
    if (!esDiaNoHabil(dia)) vistos += 1;
  }
  return dia;
}

/** An instant in the clinic's zone, as the wire carries it. */
export const a = (dia: string, hora: string) => instanteLocal(dia, hora, zonaClinica).toISOString();

/** As the details answer it (lists carry the same without `realizada` and `alertas_paciente`). */
export function citaDePrueba(over: Partial<DetalleCitaWire> = {}): DetalleCitaWire {
  const inicio = over.inicio ?? a(diaHabil(3), '09:00');
  return {
    ...citaWire(inicio, {
      id: 41,
      estado: 'pendiente',
      usuario: {
        id: 1,
        nombre: 'Ana Torres',
        correo: 'ana@demo.test',
        telefono: '3001234567',
        numerodocumento: '1020',
      },
      doctor: { id: 5, nombre: 'Dra. Laura Gómez' },
      procedimientos_solicitados: [{ id: 7, nombre: 'Limpieza facial profunda' }],
      motivo: 'Quiero mejorar las manchas',
      creada_en: '2026-01-01T15:00:00.000Z',
      actualizada_en: '2026-01-01T15:00:00.000Z',
    }),
    realizada: null,
    alertas_paciente: null,
    ...over,
  };
}

export const espacio = (dia: string, hora: string, doctorId = 5): EspacioWire => espacioWire(a(dia, hora), doctorId);

/** A signed clinical note of appointment 41 with a prescription and one addendum. */
export function notaFirmadaDePrueba(over: Partial<EvolucionWire> = {}): EvolucionWire {
  return {
    id: 7,
    cita_id: 41,
    paciente: { id: 1, nombre: 'Ana Torres' },
    autor: { id: 5, nombre: 'Dra. Laura Gómez' },
    estado: 'firmada',
    motivo: 'Manchas en mejillas',
    hallazgos: 'Melasma epidérmico leve',
    procedimiento_realizado: '',
    productos: [],
    aplicaciones: [],
    indicaciones: 'Protector solar cada 3 horas',
    formulas: [
      { id: 1, nombre: 'Hidroquinona 4 %', dosis: 'Capa delgada', frecuencia: 'Cada noche', duracion: '8 semanas' },
    ],
    ordenes: [],
    creada_en: '2026-11-20T15:00:00.000Z',
    actualizada_en: '2026-11-20T15:30:00.000Z',
    firmada_en: '2026-11-20T15:30:00.000Z',
    hash_contenido: 'a'.repeat(64),
    receta: { archivo_id: 90, sha256: 'b'.repeat(64) },
    orden_examenes: null,
    adendas: [
      {
        id: 3,
        autor: { id: 5, nombre: 'Dra. Laura Gómez' },
        texto: 'La paciente tolera bien la fórmula.',
        creada_en: '2026-11-21T14:00:00.000Z',
      },
    ],
    ...over,
  };
}

/**
 * What the details screen's other sections read, answered empty (no note, no plan, no results or photos, no
 * consent): listed after a test's own routes, which match first, so an unmocked path still fails the test.
 */
export const seccionesVacias = (citaId = 41): RutaSimulada[] => [
  responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId }),
  responde(planesRutas.porCita, { body: { plan: null } }, { citaId }),
  responde(
    adjuntosRutas.resultados,
    {
      body: { cita_id: citaId, puede_subir: false, ordenes: [], resultados: [] },
    },
    { citaId },
  ),
  responde(
    adjuntosRutas.fotos,
    {
      body: { cita_id: citaId, puede_subir: false, motivo_sin_permiso: null, fotos: [] },
    },
    { citaId },
  ),
  responde(consentimientosRutas.porCita, { status: 404, body: { error: 'No', code: 'NO_ENCONTRADO' } }, { citaId }),
  // The desk's payment section: nothing paid, nothing charged (an evaluation without a catalogue price).
  responde(pagosRutas.saldo, { body: saldoDePrueba({ cita_id: citaId }) }, { citaId }),
];

/** An appointment's balance as the server answers it (issue 23). */
export const saldoDePrueba = (o: Partial<SaldoCitaWire> = {}): SaldoCitaWire => ({
  cita_id: 41,
  paciente: { id: 7, nombre: 'Ana Gómez' },
  concepto: 'Consulta de valoración',
  precio: null,
  pagado: 0,
  devuelto: 0,
  saldo: 0,
  impedimento: 'El catálogo no tiene precio para la consulta de valoración.',
  cobra: 'saldo',
  saldo_a_favor: 0,
  devolucion_pendiente: 0,
  pagos: [],
  ...o,
});
