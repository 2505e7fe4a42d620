// The patient's before/after photos in /mihistorialclinico (issue 9, item 6): a timeline, newest appointment first,
// each with antes | después side by side by zone, linking to the appointment; an empty state says when photos exist.
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { archivosRutas, carritoRutas } from '@clinica/contracts/rutas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEnRuta, tokenDePrueba } from '../../../test/carrito-test-utils.tsx';
import type { ZonaFacial } from '@clinica/contracts/mapa-facial';
import userEvent from '@testing-library/user-event';
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

const foto = (
  id: number,
  cita: number,
  etiqueta: 'antes' | 'despues',
  zona: string,
  zona_mapa: ZonaFacial | null = null,
) => ({
  id,
  cita_id: cita,
  etiqueta,
  zona,
  zona_mapa,
  tomada_en: '2026-10-01T15:00:00.000Z',
  archivo_id: 100 + id,
});

describe('fotos de antes y después en mi historia', { timeout: 30_000 }, () => {
  it('shows each appointment’s photos side by side by zone, newest appointment first', async () => {
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

  it('choosing a chart zone shows that zone across visits, oldest first, with date and before/after', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(
        adjuntosRutas.fotosPaciente,
        {
          body: [
            {
              cita_id: 9,
              fecha: '2026-11-02T15:00:00.000Z',
              fotos: [foto(4, 9, 'despues', 'Entrecejo', 'glabela'), foto(5, 9, 'antes', 'Abdomen')],
            },
            {
              cita_id: 7,
              fecha: '2026-10-01T15:00:00.000Z',
              fotos: [foto(2, 7, 'despues', 'Entrecejo', 'glabela'), foto(1, 7, 'antes', 'Entrecejo', 'glabela')],
            },
          ],
        },
        { pacienteId: 1 },
      ),
      responde(archivosRutas.descargar, () => Promise.resolve(new Response(new Blob(['jpeg']), { status: 200 }))),
    ]);
    renderEnRuta('/mihistorialclinico/1', { '/mihistorialclinico/:id': <FotosHistoria pacienteId={1} /> });
    // Only zones with photos are offered; the timeline by visit is there until one is chosen.
    await screen.findAllByRole('link', { name: /^Cita del/ });
    await user.click(screen.getByRole('combobox', { name: /Comparar una zona/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas las visitas',
      'Glabela (entrecejo)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Glabela (entrecejo)' }));
    const grilla = await screen.findByLabelText('Fotos de Glabela (entrecejo), de la más antigua');
    expect(
      within(grilla)
        .getAllByRole('figure')
        .map((f) => f.getAttribute('aria-label')),
    ).toEqual(['Antes, 01/10/2026', 'Después, 01/10/2026', 'Después, 02/11/2026']);
    expect(await within(grilla).findByRole('img', { name: 'Antes: Glabela (entrecejo), 01/10/2026' })).toHaveAttribute(
      'src',
      'blob:foto',
    );
    // The untagged photo is not in the comparison; clearing the zone brings the timeline back, where it still is.
    expect(within(grilla).queryByRole('img', { name: /Abdomen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Cita del/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Comparar una zona/ }));
    await user.click(screen.getByRole('option', { name: 'Todas las visitas' }));
    expect(await screen.findByRole('figure', { name: 'Zona: Abdomen' })).toBeInTheDocument();
  });
});
