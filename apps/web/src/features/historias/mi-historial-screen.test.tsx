// /mihistorialclinico/{id} (issue 9 item 2): the patient's own record with who accessed it and when; someone
// else's id is refused without asking; no record yet invites to fill the intake.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copiaHistoriaRutas } from '@clinica/contracts/copia-historia-rutas';
import { historiasRutas } from '@clinica/contracts/rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import MiHistorialScreen, { SOLO_PROPIA, TEXTOS_COPIA } from './mi-historial-screen.tsx';
import { acceso, historia, version } from './historias-fixtures.ts';
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { productosAplicadosRutas } from '@clinica/contracts/productos-aplicados-rutas';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';
import type { HistoriaWire } from '../../lib/api/historias/get-historia.ts';
import type { AccesoWire, VersionWire } from '../../lib/api/historias/get-versiones.ts';

/** Her products received (issue 24, item 3): none unless a test says so. */
const sinProductos = responde(productosAplicadosRutas.dePaciente, { body: [] });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The record's photo gallery, empty: these tests are about the record itself. */
const sinFotos = responde(adjuntosRutas.fotosPaciente, { body: [] });

/** Patient 9 has no record yet (the intake is not filled). */
const sinHistoria = responde(
  historiasRutas.mia,
  { status: 404, body: { error: 'No encontramos esa historia clínica.', code: 'NO_ENCONTRADO' } },
  { usuarioId: 9 },
);

/** Patient 9's record `h`, read by `accesos` and changed in `versiones` (none unless given), without photos. */
function conHistoria(
  h: HistoriaWire,
  { accesos = [], versiones = [] }: { accesos?: AccesoWire[]; versiones?: VersionWire[] } = {},
  ...otras: RutaSimulada[]
) {
  return mockFetch([
    sinProductos,
    sinFotos,
    responde(historiasRutas.mia, { body: h }, { usuarioId: 9 }),
    responde(historiasRutas.accesos, { body: accesos }, { usuarioId: 9 }),
    responde(historiasRutas.versiones, { body: versiones }, { id: h.id }),
    ...otras,
  ]);
}

function renderMia(id: number) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol: 'paciente' }));
  return renderWithProviders(<MiHistorialScreen />, {
    route: `/mihistorialclinico/${id}`,
    path: '/mihistorialclinico/:id',
  });
}

describe('MiHistorialScreen', () => {
  it('shows the patient their record, who on the staff read it and when, and its versions', async () => {
    conHistoria(historia({ id: 5, paciente_id: 9, version: 2 }), {
      accesos: [
        acceso(),
        acceso({ quien: { nombre: 'Laura Méndez', rol: 'doctor' }, que: 'copia', cuando: '2026-03-08T14:05:00.000Z' }),
      ],
      versiones: [version()],
    });
    renderMia(9);
    expect(await screen.findByRole('region', { name: 'Antecedentes' })).toHaveTextContent('Penicilina');
    const cabecera = screen.getByText(/^Versión 2 · actualizada el/);
    expect(cabecera).toHaveTextContent(/^Versión 2 · actualizada el 02\/03\/2026/);
    // The date and time stay on one line (never broken inside «a. m.»).
    expect(within(cabecera).getByText(/^02\/03\/2026, /)).toHaveStyle({ whiteSpace: 'nowrap' });
    const accesos = screen.getByRole('region', { name: 'Quién ha consultado tu historia' });
    const filas = within(await within(accesos).findByRole('list', { name: 'Accesos a tu historia clínica' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(filas).toEqual([
      expect.stringMatching(/^Dra\. Camila Ríos · DoctorConsultó tu historia clínica · 10\/03\/2026, 2:25 p\. m\.$/),
      expect.stringMatching(/^Laura Méndez · DoctorDescargó una copia completa · 08\/03\/2026, 9:05 a\. m\.$/),
    ]);
    expect(await screen.findByText('Cambió: Hipertensión')).toBeInTheDocument();
  });

  it('issue 21: names every kind of access in the patient’s words, and who created the record', async () => {
    const kinds = [
      ['edicion', 'Actualizó tu historia clínica'],
      ['consentimiento', 'Vio tus consentimientos informados'],
      ['verificacion', 'Verificó la integridad de un consentimiento firmado'],
      ['plan', 'Vio tu plan de seguimiento'],
      ['archivos', 'Vio tus resultados, fotos o documentos'],
      ['nota', 'Leyó una nota de evolución'],
      ['resumen', 'Vio tus datos y alertas (recepción)'],
    ] as const;
    conHistoria(historia({ id: 5, paciente_id: 9, creada_por: { id: 3, nombre: 'Dr. Andrés Gómez' } }), {
      accesos: kinds.map(([que]) => acceso({ que })),
    });
    renderMia(9);
    const lista = await screen.findByRole('list', { name: 'Accesos a tu historia clínica' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(kinds.map(([, texto]) => expect.stringContaining(`Doctor${texto} · 10/03/2026`)));
    const versiones = screen.getByRole('region', { name: 'Historial de versiones' });
    expect(await within(versiones).findByText(/^Creada el 02\/03\/2026/)).toHaveTextContent(/ · Dr\. Andrés Gómez$/);
  });

  it('a record whose author was not recorded says so instead of leaving it blank', async () => {
    conHistoria(historia({ id: 5, paciente_id: 9, creada_por: null }));
    renderMia(9);
    const versiones = await screen.findByRole('region', { name: 'Historial de versiones' });
    expect(await within(versiones).findByText(/^Creada el 02\/03\/2026/)).toHaveTextContent(/ · Autor no registrado$/);
  });

  it('shows the latest reads first and the rest on request', async () => {
    const muchos = Array.from({ length: 11 }, (_, i) =>
      acceso({ cuando: new Date(Date.UTC(2026, 2, 20 - i, 15)).toISOString() }),
    );
    conHistoria(historia({ id: 5, paciente_id: 9 }), { accesos: muchos });
    renderMia(9);
    const lista = await screen.findByRole('list', { name: 'Accesos a tu historia clínica' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todos (11)' }));
    expect(within(lista).getAllByRole('listitem')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: /Mostrar todos/ })).not.toBeInTheDocument();
  });

  it('says when nobody on the staff has read it yet', async () => {
    conHistoria(historia({ id: 5, paciente_id: 9 }));
    renderMia(9);
    expect(
      await screen.findByText('Nadie del personal ha consultado tu historia clínica todavía.'),
    ).toBeInTheDocument();
  });

  it('invites a patient without a record to fill the intake', async () => {
    mockFetch([sinProductos, sinFotos, sinHistoria]);
    renderMia(9);
    expect(await screen.findByText('Aún no has llenado tu historia clínica')).toBeInTheDocument();
    // What she received is hers even before the intake: here none yet (issue 24, item 3).
    const productos = await screen.findByRole('region', { name: 'Productos aplicados' });
    expect(await within(productos).findByText(/Aún no tienes productos aplicados/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Llenar mi historia clínica' })).toHaveAttribute(
      'href',
      '/crearhistorialclinico',
    );
  });

  it('downloads the complete record (PDF) and the personal data (JSON) from the patient’s own routes', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:copia'), revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = conHistoria(
      historia({ id: 5, paciente_id: 9 }),
      {},
      responde(copiaHistoriaRutas.miPdf, { body: {} }, { usuarioId: 9 }),
      responde(copiaHistoriaRutas.misDatos, { body: {} as never }, { usuarioId: 9 }),
    );
    renderMia(9);
    const seccion = await screen.findByRole('region', { name: TEXTOS_COPIA.titulo });
    fireEvent.click(within(seccion).getByRole('button', { name: 'Descargar mi historia completa (PDF)' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(1));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Descargar mis datos (JSON)' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(2));
    const descargas = calls.filter((c) => /\.(pdf|json)$/.test(c.url.pathname));
    expect(descargas.map((c) => c.url.pathname)).toEqual([
      '/apihistorialmedico/mihistorialclinico/9/copia.pdf',
      '/apihistorialmedico/mihistorialclinico/9/datos.json',
    ]);
    expect(descargas[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    expect((clics.mock.contexts[1] as HTMLAnchorElement).download).toBe('historia-clinica.json');
    clics.mockRestore();
  });

  it('offers the downloads before the intake is filled (appointments and notes may exist)', async () => {
    mockFetch([sinProductos, sinFotos, sinHistoria]);
    renderMia(9);
    expect(await screen.findByRole('button', { name: 'Descargar mi historia completa (PDF)' })).toBeInTheDocument();
  });

  it("refuses someone else's record without asking the API", async () => {
    const { calls } = mockFetch([sinProductos, sinFotos]);
    renderMia(12);
    expect(await screen.findByText(SOLO_PROPIA)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mi historia clínica' })).toHaveAttribute(
      'href',
      '/mihistorialclinico/9',
    );
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
  });

  it('lists the products and lots she received, newest first, with their INVIMA registration (issue 24)', async () => {
    const fila = (id: number, nombre: string, numero: string, fecha: string) => ({
      evolucion_id: id,
      cita_id: 40 + id,
      fecha,
      procedimiento: null,
      producto: {
        id,
        nombre,
        tipo: 'acido_hialuronico' as const,
        registro_invima: 'INVIMA 2019DM-0020231',
        unidad: 'mL' as const,
      },
      lote: { id, numero, vence_el: '2027-03-01' },
      cantidad: 1,
      zonas: ['surco_nasogeniano_derecho' as const],
      doctor: { id: 3, nombre: 'Dra. Marta Ríos' },
    });
    mockFetch([
      responde(
        productosAplicadosRutas.dePaciente,
        {
          body: [
            fila(2, 'Ácido hialurónico 20 mg/mL', 'AH-9', '2026-11-20T15:00:00.000Z'),
            fila(1, 'Ácido hialurónico 20 mg/mL', 'AH-7', '2026-08-02T15:00:00.000Z'),
          ],
        },
        { pacienteId: 9 },
      ),
      sinFotos,
      sinHistoria,
    ]);
    renderMia(9);
    const productos = await screen.findByRole('region', { name: 'Productos aplicados' });
    const filas = await within(productos).findAllByRole('listitem');
    expect(filas.map((f) => f.getAttribute('aria-label'))).toEqual([
      'Ácido hialurónico 20 mg/mL, 20/11/2026',
      'Ácido hialurónico 20 mg/mL, 02/08/2026',
    ]);
    for (const texto of ['AH-9', '1 mL', 'INVIMA 2019DM-0020231', 'Surco nasogeniano derecho', 'Dra. Marta Ríos'])
      expect(filas[0]).toHaveTextContent(texto);
    expect(within(filas[0]!).getByRole('link', { name: 'Cita n.º 42' })).toHaveAttribute('href', '/detallescitas/42');
  });
});
