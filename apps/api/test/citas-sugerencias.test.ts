// The 409 of a taken slot carries the doctor's next free times as a hint (reglas.ts siguientesLibres). Reading them
// must never turn the refusal into another answer: in CI, 49 bookings losing one slot at once asked the pool for
// ~200 connections to compute them, waited past its timeout, and every loser got a 503 instead of its 409. Tested
// here without a database: the agenda reads are plain functions that fail or wait on demand.
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { createCalendario } from '../src/lib/calendario.ts';
import { CRUCE_DOCTOR } from '../src/features/citas/citas.repository.ts';
import { createReglas, SUGERENCIAS_SIMULTANEAS, type ReposCitas } from '../src/features/citas/reglas.ts';

// Monday 30 November 2026, 07:00 in Bogotá.
const calendario = createCalendario('America/Bogota', () => new Date('2026-11-30T12:00:00Z'));
const DOCTOR = 7;
const franja = { doctorId: DOCTOR, inicio: new Date('2026-11-30T14:00:00Z'), duracion: 30, margen: 0 };
// What PostgreSQL answers for an overlap of the doctor's appointments (wrapped by the driver).
const cruce = { message: 'Failed query', cause: { code: '23P01', constraint: CRUCE_DOCTOR } };

/** Rules whose agenda reads answer `leer()` (the hours; the other reads answer nothing), logging into `avisos`. */
function reglasCon(leer: () => Promise<unknown[]>) {
  const avisos: string[] = [];
  const repos = {
    horarios: { horarios: leer, bloqueos: async () => [] },
    citas: { ocupadoDoctores: async () => [], ocupadoPaciente: async () => [] },
  } as unknown as ReposCitas;
  const reglas = createReglas({
    repos,
    calendario,
    notaFirmada: async () => false,
    consentimientoVigente: async () => false,
    log: { warn: (_o, m) => avisos.push(m) },
  });
  return { reglas, avisos };
}

async function refusal(p: Promise<AppError | null>) {
  const err = await p;
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ statusCode: 409, code: 'HORARIO_OCUPADO' });
  return (err!.extra as { siguientes: { inicio: Date }[] }).siguientes;
}

describe('the next free times of a 409', () => {
  it('are offered when the agenda can be read', async () => {
    const horario = { doctor_id: DOCTOR, dia_semana: 1, hora_inicio: '08:00', hora_fin: '10:00' };
    const { reglas, avisos } = reglasCon(async () => [horario]);
    const siguientes = await refusal(reglas.cruceDe(cruce, franja));
    // After 09:00 on Monday 30: 09:30 that day, then Monday 7 December's four.
    expect(siguientes.map((e) => `${calendario.fechaDe(e.inicio)} ${calendario.horaDe(e.inicio)}`)).toEqual([
      '2026-11-30 09:30',
      '2026-12-07 08:00',
      '2026-12-07 08:30',
      '2026-12-07 09:00',
      '2026-12-07 09:30',
    ]);
    expect(avisos).toEqual([]);
  });

  it('a failing read still answers the 409, without them, and is logged', async () => {
    const { reglas, avisos } = reglasCon(async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    expect(await refusal(reglas.cruceDe(cruce, franja))).toEqual([]);
    expect(avisos).toEqual(['no se pudieron calcular los siguientes horarios libres de un 409']);
  });

  it(`at most ${SUGERENCIAS_SIMULTANEAS} are computed at once; the refusals past them answer at once, without`, async () => {
    let lecturas = 0;
    let soltar!: () => void;
    const espera = new Promise<void>((r) => (soltar = r));
    const { reglas } = reglasCon(async () => {
      lecturas++;
      await espera;
      return [];
    });
    const todas = Array.from({ length: SUGERENCIAS_SIMULTANEAS + 4 }, () => reglas.cruceDe(cruce, franja));
    // The ones past the limit resolve while the first ones still wait on the agenda.
    const sinEsperar = await Promise.all(todas.slice(SUGERENCIAS_SIMULTANEAS).map(refusal));
    expect(sinEsperar).toEqual([[], [], [], []]);
    expect(lecturas).toBe(SUGERENCIAS_SIMULTANEAS);
    soltar();
    expect(await Promise.all(todas.slice(0, SUGERENCIAS_SIMULTANEAS).map(refusal))).toHaveLength(
      SUGERENCIAS_SIMULTANEAS,
    );
    // Once they finished, the next refusal reads the agenda again.
    await refusal(reglas.cruceDe(cruce, franja));
    expect(lecturas).toBe(SUGERENCIAS_SIMULTANEAS + 1);
  });

  it('any other error is not a refusal', async () => {
    const { reglas } = reglasCon(async () => []);
    expect(await reglas.cruceDe(new Error('otra cosa'), franja)).toBeNull();
  });
});
