// The patient's before/after photos in /mihistorialclinico (issue 9, item 6): a timeline, newest appointment first,
// each with antes | después side by side by zone, linking to the appointment; an empty state says when photos exist.
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { archivosRutas, carritoRutas } from '@clinica/contracts/rutas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEnRuta, tokenDePrueba } from '../../../test/carrito-test-utils.tsx';
import { FotosHistoria } from './fotos-historia.tsx';
import { mockFetch, responde } from '../../../test/mock-fetch.ts';

beforeEach(() => {
  localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:foto'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('fotos de antes y después en mi historia', { timeout: 30_000 }, () => {
  it('shows each appointment’s photos side by side by zone, newest appointment first', async () => {
    const foto = (id: number, cita: number, etiqueta: 'antes' | 'despues', zona: string) => ({
      id,
      cita_id: cita,
      etiqueta,
      zona,
      tomada_en: '2026-10-01T15:00:00.000Z',
      archivo_id: 100 + id,
    });
    mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(
        adjuntosRutas.fotosPaciente,
        {
          body: [
            { cita_id: 9, fecha: '2026-11-02T15:00:00.000Z', fotos: [foto(3, 9, 'antes', 'Mentón')] },
            {
              cita_id: 7,
              fecha: '2026-10-01T15:00:00.000Z',
              fotos: [foto(1, 7, 'antes', 'Frente'), foto(2, 7, 'despues', 'Frente')],
            },
          ],
        },
        { pacienteId: 1 },
      ),
      responde(archivosRutas.descargar, () => Promise.resolve(new Response(new Blob(['jpeg']), { status: 200 }))),
    ]);
    renderEnRuta('/mihistorialclinico/1', { '/mihistorialclinico/:id': <FotosHistoria pacienteId={1} /> });
    const enlaces = await screen.findAllByRole('link', { name: /^Cita del/ });
    expect(enlaces.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Cita del 02/11/2026', '/detallescitas/9'],
      ['Cita del 01/10/2026', '/detallescitas/7'],
    ]);
    const frente = screen.getByRole('figure', { name: 'Zona: Frente' });
    expect(await within(frente).findByRole('img', { name: /^Antes: Frente/ })).toHaveAttribute('src', 'blob:foto');
    expect(await within(frente).findByRole('img', { name: /^Después: Frente/ })).toBeInTheDocument();
    const menton = screen.getByRole('figure', { name: 'Zona: Mentón' });
    expect(within(menton).getByText('Sin foto de después')).toBeInTheDocument();
  });

  it('says when there are no photos and that they need the patient’s consent', async () => {
    mockFetch([responde(carritoRutas.listar, { body: [] }), responde(adjuntosRutas.fotosPaciente, { body: [] })]);
    renderEnRuta('/mihistorialclinico/1', { '/mihistorialclinico/:id': <FotosHistoria pacienteId={1} /> });
    expect(await screen.findByText(/Aún no hay fotos de antes y después en tu historia/)).toBeInTheDocument();
  });
});
