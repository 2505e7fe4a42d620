// The reports' summary job leaves the database to requests between periods (resumen.service.ts): after each period
// it pauses as long as that period took, so that on the embedded database (one transaction at a time) a booking
// never waits behind the whole run (bench/results/fsync.md: p99 3 s while the job ran at start-up, 0.4 s without).
import { describe, expect, it } from 'vitest';
import { ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import { createCalendario } from '../src/lib/calendario.ts';
import type { ResumenRepository } from '../src/features/reportes/resumen.repository.ts';
import { createResumenReportes } from '../src/features/reportes/resumen.service.ts';

describe('the summary job between periods', () => {
  it('pauses after each period as long as the period took, and summarises every one', async () => {
    const orden: string[] = [];
    const repo = {
      estado: async () => ({ hechos: new Set<string>(), sucios: new Set<string>() }),
      resumir: async (p: { clave: string }) => {
        orden.push(`resumir ${p.clave}`);
        await new Promise((listo) => setTimeout(listo, 2));
      },
      purgar: async () => {},
      programar: async () => {},
    } as unknown as ResumenRepository;
    const pausas: number[] = [];
    const calendario = createCalendario(ZONA_POR_DEFECTO, () => new Date('2026-11-28T15:00:00Z'));
    const trabajo = createResumenReportes({
      repo,
      calendario,
      now: () => new Date('2026-11-28T15:00:00Z'),
      pausa: async (ms) => {
        pausas.push(ms);
        orden.push('pausa');
      },
    });
    const hechos = await trabajo.resumirPendientes();
    expect(hechos.length).toBeGreaterThan(25);
    expect(pausas).toHaveLength(hechos.length);
    for (const ms of pausas) expect(ms).toBeGreaterThan(0);
    // Strictly one period, then its pause.
    expect(orden).toEqual(hechos.flatMap((clave) => [`resumir ${clave}`, 'pausa']));
  });
});
