// Reading a whole, bounded paginated list page by page (the calendar's week, the day's agenda).
import { describe, expect, it } from 'vitest';
import { textoMostrando, todasLasPaginas } from './paginacion.ts';

const servidor = (total: number, porPagina: number) => {
  const pedidas: number[] = [];
  const pedir = async (pagina: number) => {
    pedidas.push(pagina);
    const desde = (pagina - 1) * porPagina;
    const items = Array.from({ length: Math.max(0, Math.min(porPagina, total - desde)) }, (_, i) => desde + i + 1);
    return { items, total };
  };
  return { pedir, pedidas };
};

describe('todasLasPaginas', () => {
  it('asks page after page until the total is reached', async () => {
    const s = servidor(250, 100);
    const r = await todasLasPaginas(s.pedir);
    expect(r.total).toBe(250);
    expect(r.items).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(s.pedidas).toEqual([1, 2, 3]);
  });

  it('one request for an empty or a single-page list', async () => {
    const vacia = servidor(0, 100);
    expect(await todasLasPaginas(vacia.pedir)).toEqual({ items: [], total: 0 });
    expect(vacia.pedidas).toEqual([1]);
  });

  it('stops at maxPaginas and reports the real total, so the screen can say it is partial', async () => {
    const s = servidor(1000, 100);
    const r = await todasLasPaginas(s.pedir, 5);
    expect(r.items).toHaveLength(500);
    expect(r.total).toBe(1000);
    expect(s.pedidas).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('textoMostrando', () => {
  it('agrees with the total', () => {
    expect(textoMostrando(21, 40, 41, { singular: 'cita', plural: 'citas' })).toBe('Mostrando 21–40 de 41 citas');
    expect(textoMostrando(1, 1, 1, { singular: 'cita', plural: 'citas' })).toBe('Mostrando 1–1 de 1 cita');
    // Thousands grouped as in Colombia; a total the server stopped counting says so.
    expect(textoMostrando(1001, 1020, 4321, { singular: 'cita', plural: 'citas' })).toBe(
      'Mostrando 1.001–1.020 de 4.321 citas',
    );
    expect(textoMostrando(1, 20, 10_000, { singular: 'cita', plural: 'citas' }, false)).toBe(
      'Mostrando 1–20 de más de 10.000 citas',
    );
  });
});
