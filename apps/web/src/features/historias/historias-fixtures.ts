// Wire fixtures of the clinical record for the web tests (typed from the contracts).
import type { AccesoWire, VersionWire } from '../../lib/api/historias/get-versiones.ts';
import type { HistoriaRestringidaWire, HistoriaWire } from '../../lib/api/historias/get-historia.ts';
import type { HistoriaResumenWire } from '../../lib/api/historias/get-historias.ts';

export function resumen(id: number, usuario: Partial<HistoriaResumenWire['usuario']> = {}): HistoriaResumenWire {
  return {
    id,
    usuario: {
      id: 100 + id,
      nombre: `Paciente ${id}`,
      correo: `paciente${id}@demo.test`,
      rol: 'paciente',
      genero: 'femenino',
      ...usuario,
    },
  };
}

export function historia(over: Partial<HistoriaWire> = {}): HistoriaWire {
  return {
    id: 1,
    paciente_id: 101,
    usuario: { id: 101, nombre: 'Lucía Pérez', correo: 'lucia@demo.test', rol: 'paciente', genero: 'femenino' },
    antecedentes: {
      enfermedades: ['Hipotiroidismo'],
      alergias: ['Penicilina'],
      cirugias_previas: [],
      medicamentos: ['Levotiroxina 50 mcg'],
      condiciones_piel: ['Melasma leve'],
    },
    otras_condiciones: null,
    embarazo_lactancia: false,
    consume_tabaco: false,
    consume_alcohol: false,
    usa_anticonceptivos: true,
    detalles_anticonceptivos: 'Implante subdérmico',
    diabetes: false,
    hipertension: false,
    historial_cancer: false,
    problemas_coagulacion: false,
    epilepsia: false,
    fototipo: 3,
    version: 1,
    creada_en: '2026-03-02T15:00:00.000Z',
    creada_por: { id: 101, nombre: 'Lucía Pérez' },
    actualizada_en: '2026-03-02T15:00:00.000Z',
    ...over,
  };
}

export function version(over: Partial<VersionWire> = {}): VersionWire {
  return {
    version: 1,
    campos: ['hipertension'],
    cambiada_por: { id: 9, nombre: 'Dra. Camila Ríos' },
    cambiada_en: '2026-03-10T19:30:00.000Z',
    ...over,
  };
}

export function acceso(over: Partial<AccesoWire> = {}): AccesoWire {
  return {
    quien: { nombre: 'Dra. Camila Ríos', rol: 'doctor' },
    que: 'historia',
    cuando: '2026-03-10T19:25:00.000Z',
    ...over,
  };
}

export function restringida(over: Partial<HistoriaRestringidaWire> = {}): HistoriaRestringidaWire {
  return {
    id: 7,
    paciente_id: 107,
    usuario: { id: 107, nombre: 'Juan Rodríguez', correo: 'juan@demo.test', rol: 'paciente', genero: 'masculino' },
    alertas: {
      alergias: true,
      embarazo_lactancia: false,
      problemas_coagulacion: true,
      diabetes: false,
      hipertension: false,
      epilepsia: false,
      historial_cancer: false,
      consume_tabaco: false,
    },
    ...over,
  };
}
