// The clinic's calendar (packages/contracts/src/tiempo.ts): zone-aware days and periods, and Colombian
// holidays, including the Easter-based ones and those Ley 51 de 1983 moves to Monday.
import { describe, expect, it } from 'vitest';
import {
  diaDeSemana,
  esDiaNoHabil,
  esFestivo,
  esZonaValida,
  fechaEnZona,
  festivos,
  finDeFrase,
  horaEnZona,
  horaEsCo,
  instanteLocal,
  rangoDePeriodo,
  sumarDias,
} from '@clinica/contracts/tiempo';
import { loadConfig } from '../src/config.ts';
import { createCalendario } from '../src/lib/calendario.ts';

const BOG = 'America/Bogota';

describe('days in the clinic zone', () => {
  it('after 19:00 in Bogotá it is still today there, although UTC is tomorrow', () => {
    const instante = new Date('2026-03-10T01:30:00Z');
    expect(fechaEnZona(instante, BOG)).toBe('2026-03-09');
    expect(horaEnZona(instante, BOG)).toBe('20:30');
    expect(fechaEnZona(instante, 'UTC')).toBe('2026-03-10');
  });

  it('turns a local wall-clock time into its instant', () => {
    expect(instanteLocal('2026-03-09', '08:00', BOG).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(instanteLocal('2026-12-31', '23:30', BOG).toISOString()).toBe('2027-01-01T04:30:00.000Z');
    // A zone with daylight saving: 09:00 in Madrid is 08:00 UTC in winter, 07:00 UTC in summer.
    expect(instanteLocal('2026-01-15', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(instanteLocal('2026-07-15', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('refuses malformed dates and hours', () => {
    expect(() => instanteLocal('2026-3-9', '08:00', BOG)).toThrow(RangeError);
    expect(() => instanteLocal('2026-03-09', '24:00', BOG)).toThrow(RangeError);
  });

  it('adds days across months and years and knows the weekday', () => {
    expect(sumarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(sumarDias('2027-01-01', -1)).toBe('2026-12-31');
    expect(diaDeSemana('2026-11-22')).toBe(0); // domingo
    expect(diaDeSemana('2026-11-23')).toBe(1); // lunes
  });

  it('gives day, Monday-to-Sunday week and month boundaries in the zone', () => {
    const jueves = new Date('2026-10-02T03:00:00Z'); // jueves 1 de octubre, 22:00 en Bogotá
    expect(rangoDePeriodo('dia', jueves, BOG)).toEqual({
      desde: new Date('2026-10-01T05:00:00Z'),
      hasta: new Date('2026-10-02T05:00:00Z'),
    });
    expect(rangoDePeriodo('semana', jueves, BOG)).toEqual({
      desde: new Date('2026-09-28T05:00:00Z'),
      hasta: new Date('2026-10-05T05:00:00Z'),
    });
    expect(rangoDePeriodo('mes', jueves, BOG)).toEqual({
      desde: new Date('2026-10-01T05:00:00Z'),
      hasta: new Date('2026-11-01T05:00:00Z'),
    });
    const diciembre = rangoDePeriodo('mes', new Date('2026-12-15T12:00:00Z'), BOG);
    expect(diciembre.hasta).toEqual(new Date('2027-01-01T05:00:00Z'));
  });

  it('validates zone names', () => {
    expect(esZonaValida(BOG)).toBe(true);
    expect(esZonaValida('America/Gotham')).toBe(false);
  });
});

describe('Colombian holidays', () => {
  it('2026: Easter-based holidays follow Easter (5 April)', () => {
    expect(esFestivo('2026-04-02')).toBe(true); // Jueves Santo
    expect(esFestivo('2026-04-03')).toBe(true); // Viernes Santo
    expect(esFestivo('2026-04-05')).toBe(false); // Easter Sunday itself is not a holiday
    expect(esFestivo('2026-05-18')).toBe(true); // Ascensión (14 May) moved to Monday
    expect(esFestivo('2026-05-14')).toBe(false);
    expect(esFestivo('2026-06-08')).toBe(true); // Corpus Christi moved to Monday
    expect(esFestivo('2026-06-15')).toBe(true); // Sagrado Corazón moved to Monday
  });

  it('2026: Ley 51 de 1983 moves fixed holidays to the next Monday', () => {
    expect(esFestivo('2026-01-06')).toBe(false);
    expect(esFestivo('2026-01-12')).toBe(true); // Reyes Magos
    expect(esFestivo('2026-03-23')).toBe(true); // San José (19 March)
    expect(esFestivo('2026-08-17')).toBe(true); // Asunción (15 August)
    expect(esFestivo('2026-11-02')).toBe(true); // Todos los Santos (1 November)
    expect(esFestivo('2026-11-16')).toBe(true); // Independencia de Cartagena (11 November)
    // Fixed holidays that never move.
    for (const f of ['2026-01-01', '2026-05-01', '2026-07-20', '2026-08-07', '2026-12-08', '2026-12-25']) {
      expect(esFestivo(f), f).toBe(true);
    }
    expect(festivos(2026)).toHaveLength(18);
  });

  it('2027: Easter on 28 March moves Holy Week and the Monday holidays after it', () => {
    expect(esFestivo('2027-03-25')).toBe(true); // Jueves Santo
    expect(esFestivo('2027-03-26')).toBe(true); // Viernes Santo
    expect(esFestivo('2027-03-22')).toBe(true); // San José (Friday 19 March) moved to Monday
    expect(esFestivo('2027-01-11')).toBe(true); // Reyes Magos
    expect(esFestivo('2027-05-10')).toBe(true); // Ascensión
    expect(esFestivo('2027-05-31')).toBe(true); // Corpus Christi
    expect(esFestivo('2027-06-07')).toBe(true); // Sagrado Corazón
    expect(festivos(2027).map((f) => f.fecha)).toContain('2027-12-08');
    expect(festivos(2027)).toHaveLength(18);
  });

  it('Sundays and holidays are not working days', () => {
    expect(esDiaNoHabil('2026-11-22')).toBe(true); // domingo
    expect(esDiaNoHabil('2026-11-16')).toBe(true); // festivo lunes
    expect(esDiaNoHabil('2026-11-17')).toBe(false);
  });
});

describe("the API's calendar follows CLINICA_TZ and the injected clock", () => {
  it('reads the zone from config and refuses an unknown one', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48) }).clinicaTz).toBe('America/Bogota');
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48), CLINICA_TZ: 'America/Gotham' })).toThrow(
      /CLINICA_TZ: no es una zona horaria IANA válida/,
    );
  });

  it('"today", periods and working days in that zone, on that clock', () => {
    const reloj = () => new Date('2026-11-17T03:30:00Z'); // lunes 16 (festivo) 22:30 en Bogotá
    const bogota = createCalendario(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48) }).clinicaTz, reloj);
    expect(bogota.hoy()).toBe('2026-11-16');
    expect(bogota.esDiaHabil(bogota.hoy())).toBe(false);
    expect(bogota.rango('semana').desde.toISOString()).toBe('2026-11-16T05:00:00.000Z');
    expect(bogota.instante('2026-11-17', '08:00').toISOString()).toBe('2026-11-17T13:00:00.000Z');
    const madrid = createCalendario('Europe/Madrid', reloj);
    expect(madrid.hoy()).toBe('2026-11-17');
    expect(madrid.horaDe(reloj())).toBe('04:30');
  });
});

describe('es-CO times in sentences (issue 27.12)', () => {
  it("'h:mm a. m.' with plain spaces, and a sentence ending on it keeps one period", () => {
    expect(horaEsCo(new Date('2026-12-01T13:05:00Z'), BOG)).toBe('8:05 a. m.');
    expect(horaEsCo(new Date('2026-12-01T21:30:00Z'), BOG)).toBe('4:30 p. m.');
    expect(finDeFrase(`Te esperamos a las ${horaEsCo(new Date('2026-12-01T13:05:00Z'), BOG)}`)).toBe(
      'Te esperamos a las 8:05 a. m.',
    );
    expect(finDeFrase('Te esperamos el martes')).toBe('Te esperamos el martes.');
  });
});
