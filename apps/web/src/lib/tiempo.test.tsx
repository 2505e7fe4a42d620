// The web's clock is the clinic's: "today", the birth-date limit and every formatted date are in the clinic's zone
// (VITE_CLINICA_TZ, America/Bogota by default), not in UTC nor in the browser's zone.
import { ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from './env.ts';
import { CampoFechaNacimiento, leerFecha } from './forms/campos-persona.tsx';
import { formatFecha, formatFechaHora, formatFechaLarga, formatHora, hoy } from './tiempo.ts';

// 20:30 on Monday 9 March in Bogotá (UTC-5), already Tuesday 10 March in UTC.
const NOCHE_EN_BOGOTA = new Date('2026-03-10T01:30:00Z');

describe('today in the clinic', () => {
  beforeEach(() => {
    // Only Date: React and Testing Library keep their real timers.
    vi.useFakeTimers({ now: NOCHE_EN_BOGOTA, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is still 9 March at 20:30 in Bogotá, while UTC already says 10 March', () => {
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-03-10');
    expect(hoy()).toBe('2026-03-09');
  });

  it('is the latest birth date a form accepts, typed as dd/mm/aaaa', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <CampoFechaNacimiento value="" onChange={onChange} />
      </MantineProvider>,
    );
    const campo = screen.getByLabelText('Fecha de nacimiento');
    expect(campo).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    fireEvent.change(campo, { target: { value: '10/03/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(campo, { target: { value: '09/03/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-09');
  });
});

describe('dates a person types', () => {
  it('reads dd/mm/aaaa (and aaaa-mm-dd) as a real calendar day, nothing else', () => {
    expect(leerFecha('12/04/1990')).toBe('1990-04-12');
    expect(leerFecha('1/4/1990')).toBe('1990-04-01');
    expect(leerFecha('1990-04-12')).toBe('1990-04-12');
    expect(leerFecha('31/02/1990')).toBeNull();
    expect(leerFecha('04/12')).toBeNull();
    expect(leerFecha('')).toBeNull();
  });
});

describe('dates and times a person reads', () => {
  it('shows an instant on its day and at its time in Bogotá', () => {
    expect(formatFecha('2026-03-10T01:30:00.000Z')).toBe('09/03/2026');
    expect(formatFecha(NOCHE_EN_BOGOTA)).toBe('09/03/2026');
    expect(formatHora(NOCHE_EN_BOGOTA)).toBe('8:30 p. m.');
    expect(formatHora('2026-03-09T13:05:00Z')).toBe('8:05 a. m.');
    expect(formatFechaHora('2026-03-10T01:30:00Z')).toBe('09/03/2026, 8:30 p. m.');
    expect(formatFechaLarga(NOCHE_EN_BOGOTA)).toBe('lunes, 9 de marzo de 2026');
  });

  it('shows a calendar day (a birth date) as it is, without moving it to another day', () => {
    expect(formatFecha('1994-08-21')).toBe('21/08/1994');
    expect(formatFecha('2026-01-01')).toBe('01/01/2026');
  });
});

describe('the clinic zone setting', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('defaults to the zone the API uses', () => {
    expect(env.clinicaTz).toBe(ZONA_POR_DEFECTO);
  });

  it('follows VITE_CLINICA_TZ', async () => {
    vi.stubEnv('VITE_CLINICA_TZ', 'Europe/Madrid');
    vi.resetModules();
    const tiempo = await import('./tiempo.ts');
    expect(tiempo.zonaClinica).toBe('Europe/Madrid');
    expect(tiempo.hoy(NOCHE_EN_BOGOTA)).toBe('2026-03-10');
    expect(tiempo.formatHora(NOCHE_EN_BOGOTA)).toBe('2:30 a. m.');
  });

  it('refuses a zone that does not exist, naming the setting', async () => {
    vi.stubEnv('VITE_CLINICA_TZ', 'America/Bogot');
    vi.resetModules();
    await expect(import('./tiempo.ts')).rejects.toThrow(/VITE_CLINICA_TZ/);
  });
});
