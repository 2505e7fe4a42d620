// Free slots without a database (issue 22, item 2): features/citas/disponibilidad.ts is pure, so its rules are tested
// on plain values: the doctors' hours, Sundays and holidays, blocks and appointments (with margins), the patient's own
// appointments, the time now; a start between two slots; the slot chosen for a session of a follow-up series.
import { describe, expect, it } from 'vitest';
import { createCalendario } from '../src/lib/calendario.ts';
import {
  cruceCon,
  elegirParaSesion,
  encajeEnHorario,
  espaciosLibres,
  type AgendaLeida,
} from '../src/features/citas/disponibilidad.ts';

// Monday 30 November 2026, 07:00 in Bogotá (UTC-5, no daylight saving).
const calendario = createCalendario('America/Bogota', () => new Date('2026-11-30T12:00:00Z'));
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);
const horas = (libres: { inicio: Date }[]) => libres.map((e) => calendario.horaDe(e.inicio));
const DOCTOR = 7;
const OTRO = 8;
const MANANAS = [1, 2, 3, 4, 5, 6].map((dia) => ({
  doctor_id: DOCTOR,
  dia_semana: dia,
  hora_inicio: '08:00',
  hora_fin: '10:00',
}));
const vacia: AgendaLeida = { horarios: MANANAS, ocupados: [], bloqueos: [], delPaciente: [] };
const libres = (
  agenda: Partial<AgendaLeida>,
  o: Partial<{ desde: string; hasta: string; duracion: number; margen: number; ahora: Date }> = {},
) =>
  espaciosLibres(
    { desde: '2026-12-01', hasta: '2026-12-01', duracion: 30, margen: 0, ahora: calendario.ahora(), ...o },
    { ...vacia, ...agenda },
    calendario,
  );

describe('espaciosLibres: the free slots of the doctors', () => {
  it('steps by the duration from the start of each window, and a slot must end within it', () => {
    expect(horas(libres({}))).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(horas(libres({}, { duracion: 45 }))).toEqual(['08:00', '08:45']);
    const dosVentanas = [...MANANAS, { doctor_id: DOCTOR, dia_semana: 2, hora_inicio: '14:00', hora_fin: '15:00' }];
    expect(horas(libres({ horarios: dosVentanas }))).toEqual(['08:00', '08:30', '09:00', '09:30', '14:00', '14:30']);
    expect(libres({})[0]).toEqual({
      inicio: bogota('2026-12-01', '08:00'),
      fin: bogota('2026-12-01', '08:30'),
      doctor_id: DOCTOR,
    });
  });

  it('no slots on Sundays, on Colombian holidays, or on days without hours', () => {
    // Sunday 6 December; Tuesday 8 December 2026 is a holiday (Inmaculada Concepción).
    const semana = libres({}, { desde: '2026-12-05', hasta: '2026-12-09' });
    expect([...new Set(semana.map((e) => calendario.fechaDe(e.inicio)))]).toEqual([
      '2026-12-05',
      '2026-12-07',
      '2026-12-09',
    ]);
    expect(libres({ horarios: [] })).toEqual([]);
  });

  it('nothing at or before now', () => {
    expect(horas(libres({}, { ahora: bogota('2026-12-01', '08:30') }))).toEqual(['09:00', '09:30']);
  });

  it("an appointment and its margin, and a block, take the doctor's slots they cross; the margin of the slot too", () => {
    const ocupados = [
      { doctor_id: DOCTOR, inicio: bogota('2026-12-01', '08:30'), hasta: bogota('2026-12-01', '09:15') },
    ];
    expect(horas(libres({ ocupados }))).toEqual(['08:00', '09:30']);
    // A 15-minute margin after each slot: 08:00 would stay busy until 08:45, into the appointment.
    expect(horas(libres({ ocupados }, { margen: 15 }))).toEqual(['09:30']);
    const bloqueos = [{ doctor_id: DOCTOR, inicio: bogota('2026-12-01', '09:00'), fin: bogota('2026-12-01', '12:00') }];
    expect(horas(libres({ bloqueos }))).toEqual(['08:00', '08:30']);
    // Another doctor's appointments and blocks take nothing from this one.
    const deOtro = [{ doctor_id: OTRO, inicio: bogota('2026-12-01', '08:00'), hasta: bogota('2026-12-01', '10:00') }];
    expect(horas(libres({ ocupados: deOtro, bloqueos: deOtro }))).toHaveLength(4);
  });

  it("the patient's own appointments take the slots she cannot attend (their end, without the doctor's margin)", () => {
    const delPaciente = [{ inicio: bogota('2026-12-01', '09:00'), hasta: bogota('2026-12-01', '09:30') }];
    expect(horas(libres({ delPaciente }, { margen: 30 }))).toEqual(['08:00', '08:30', '09:30']);
  });

  it('several doctors: sorted by time, then doctor', () => {
    const horarios = [...MANANAS, { doctor_id: OTRO, dia_semana: 2, hora_inicio: '08:30', hora_fin: '09:30' }];
    const todos = libres({ horarios });
    expect(todos.map((e) => `${calendario.horaDe(e.inicio)}/${e.doctor_id}`)).toEqual([
      '08:00/7',
      '08:30/7',
      '08:30/8',
      '09:00/7',
      '09:00/8',
      '09:30/7',
    ]);
  });
});

describe('encajeEnHorario: whether a start is one of the slots of the day', () => {
  const encaje = (hora: string, duracion = 30) =>
    encajeEnHorario('2026-12-01', bogota('2026-12-01', hora).getTime(), duracion, MANANAS, calendario);

  it('a slot fits; between two slots answers both; outside the hours answers none', () => {
    expect(encaje('08:30')).toEqual({ dentro: true });
    expect(encaje('08:15')).toEqual({
      dentro: false,
      cercanas: [bogota('2026-12-01', '08:00').getTime(), bogota('2026-12-01', '08:30').getTime()],
    });
    // The slot after 09:45 would end past 10:00: only the one before.
    expect(encaje('09:45')).toEqual({ dentro: false, cercanas: [bogota('2026-12-01', '09:30').getTime()] });
    expect(encaje('10:00')).toEqual({ dentro: false, cercanas: [] });
    expect(encaje('07:30')).toEqual({ dentro: false, cercanas: [] });
    // A slot that would end past the window does not fit.
    expect(encaje('09:30', 45)).toMatchObject({ dentro: false });
  });

  it('only the windows of that weekday count', () => {
    const soloLunes = [{ dia_semana: 1, hora_inicio: '08:00', hora_fin: '10:00' }];
    const t = bogota('2026-12-01', '08:00').getTime();
    expect(encajeEnHorario('2026-12-01', t, 30, soloLunes, calendario)).toEqual({ dentro: false, cercanas: [] });
  });
});

describe('elegirParaSesion: the slot of one session of a follow-up series', () => {
  const espacio = (fecha: string, hora: string) => ({
    inicio: bogota(fecha, hora),
    fin: new Date(bogota(fecha, hora).getTime() + 30 * 60_000),
    doctor_id: DOCTOR,
  });
  const preferido = bogota('2026-12-02', '09:00').getTime();

  it('the preferred time if free; else the closest that day; else the first on a later day; else none', () => {
    const todos = [espacio('2026-12-02', '08:00'), espacio('2026-12-02', '09:00'), espacio('2026-12-03', '08:00')];
    expect(elegirParaSesion(todos, '2026-12-02', preferido, calendario.fechaDe)).toBe(todos[1]);
    const sinPreferido = [
      espacio('2026-12-02', '08:00'),
      espacio('2026-12-02', '10:30'),
      espacio('2026-12-03', '09:00'),
    ];
    expect(elegirParaSesion(sinPreferido, '2026-12-02', preferido, calendario.fechaDe)).toBe(sinPreferido[0]);
    const otroDia = [espacio('2026-12-01', '09:00'), espacio('2026-12-04', '08:00'), espacio('2026-12-05', '09:00')];
    expect(elegirParaSesion(otroDia, '2026-12-02', preferido, calendario.fechaDe)).toBe(otroDia[1]);
    expect(elegirParaSesion([espacio('2026-12-01', '09:00')], '2026-12-02', preferido, calendario.fechaDe)).toBe(
      undefined,
    );
  });
});

describe('cruceCon: whether a time crosses a set of ranges (availability)', () => {
  it('answers as comparing with every range would: touching ends do not cross; overlapping, nested, unsorted do', () => {
    const d = (min: number) => new Date(Date.UTC(2026, 11, 1) + min * 60_000);
    const ms = (min: number) => d(min).getTime();
    expect(cruceCon([])(ms(0), ms(30))).toBe(false);
    const rangos = [
      { inicio: d(60), fin: d(90) },
      { inicio: d(0), hasta: d(30) },
      // Nested in a long one, and one overlapping it: not disjoint, nor sorted by end.
      { inicio: d(200), hasta: d(400) },
      { inicio: d(250), hasta: d(260) },
      { inicio: d(390), hasta: d(420) },
    ];
    const cruza = cruceCon(rangos);
    const aMano = (a: number, b: number) =>
      rangos.some((r) => r.inicio.getTime() < b && (r.hasta ?? r.fin)!.getTime() > a);
    expect(cruza(ms(30), ms(60))).toBe(false);
    expect(cruza(ms(29), ms(31))).toBe(true);
    expect(cruza(ms(300), ms(310))).toBe(true);
    expect(cruza(ms(420), ms(450))).toBe(false);
    for (let a = -30; a < 480; a += 5) {
      for (const largo of [5, 30, 45])
        expect(cruza(ms(a), ms(a + largo)), `${a}+${largo}`).toBe(aMano(ms(a), ms(a + largo)));
    }
  });
});
