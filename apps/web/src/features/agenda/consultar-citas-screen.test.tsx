import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citasRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { paginaDe, renderWithProviders } from '../../test/session-test-utils.tsx';
import { hoy } from '../../lib/tiempo.ts';
import { agendaCon, canceladaDeLuis, cita, diaHabil, doctores } from './agenda-fixtures.ts';
import ConsultarCitasScreen from './consultar-citas-screen.tsx';
import VerTodoCitaScreen from './ver-todo-cita-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const dia = diaHabil();
const confirmada = cita(7, dia, '09:00');
const cancelada = canceladaDeLuis(8, dia, '10:00', confirmada);

function entrar(ui: React.ReactElement, route: string) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'asistente' }));
  return renderWithProviders(ui, { route, path: route.split('?')[0] });
}

describe('ConsultarCitasScreen', () => {
  it('lists appointments with type and state badges, details and edit links (edit disabled when cancelled)', async () => {
    mockFetch(agendaCon([confirmada, cancelada]));
    entrar(<ConsultarCitasScreen />, '/consultarcitas');
    const filas = within(await screen.findByRole('table')).getAllByRole('row');
    expect(filas).toHaveLength(3);
    expect(within(filas[1]!).getByText('Evaluación').closest('[data-tono]')).toHaveAttribute('data-tono', 'info');
    // The state has its column and, for tablet widths, a copy under the type (CSS shows one of them).
    expect(within(filas[1]!).getAllByText('Confirmada')).toHaveLength(2);
    expect(within(filas[2]!).getAllByText('Cancelada')).toHaveLength(2);
    const enlace = (nombre: string) => screen.getByRole('link', { name: nombre });
    expect(enlace('Ver detalles de la cita 7 de Sofía Ramírez')).toHaveAttribute('href', '/detallescitas/7');
    expect(enlace('Editar la cita 7 de Sofía Ramírez')).toHaveAttribute('href', '/editarcita/7');
    expect(screen.getByRole('button', { name: /Editar la cita 8/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Cancelar la cita 8/ })).not.toBeInTheDocument();
    expect(screen.getByText('Mostrando 1–2 de 2 citas')).toBeInTheDocument();
    // One page: no page controls.
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).not.toBeInTheDocument();
  });

  it('searches on the server (SPEC 5: id, type, status or name) and filters by state', async () => {
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, ({ url }) => ({
        body: paginaDe(url.searchParams.get('buscar') === 'luis' ? [cancelada] : [confirmada, cancelada]),
      })),
    ]);
    entrar(<ConsultarCitasScreen />, '/consultarcitas?estado=cancelada');
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'luis' } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('buscar') === 'luis')).toBe(true));
    const ultima = calls.filter((c) => c.url.pathname === '/apicitas/listarcitas').at(-1)!.url.searchParams;
    expect(ultima.get('estado')).toBe('cancelada');
    expect(await screen.findByText('Mostrando 1–1 de 1 cita')).toBeInTheDocument();
  });

  it('says "más de" when the server stopped counting (a very large agenda)', async () => {
    const muchas = Array.from({ length: 20 }, (_, i) => cita(200 + i, dia, '08:00'));
    mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, { body: paginaDe(muchas, { total: 10_000, totalExacto: false }) }),
    ]);
    entrar(<ConsultarCitasScreen />, '/consultarcitas');
    expect(await screen.findByText('Mostrando 1–20 de más de 10.000 citas')).toBeInTheDocument();
  });

  it('a page past the end of a search the server stopped counting offers the last page and says "más de 1.000"', async () => {
    mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, { body: paginaDe([], { total: 1_000, totalExacto: false, pagina: 60 }) }),
    ]);
    entrar(<ConsultarCitasScreen />, '/consultarcitas?buscar=zapata&pagina=60');
    expect(await screen.findByText('Esta página ya no tiene citas')).toBeInTheDocument();
    expect(
      screen.getByText('Hay más de 1.000 citas: usa la búsqueda o los filtros para acotarlas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la última página' })).toBeInTheDocument();
  });

  it('pages through the results: 20 per page, the page in the URL, a filter change goes back to page 1', async () => {
    const muchas = Array.from({ length: 20 }, (_, i) => cita(100 + i, dia, '08:00'));
    const { calls } = mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, ({ url }) => {
        const pagina = Number(url.searchParams.get('pagina'));
        return { body: paginaDe(pagina === 3 ? [confirmada] : muchas, { total: 41, pagina }) };
      }),
    ]);
    entrar(<ConsultarCitasScreen />, '/consultarcitas');
    expect(await screen.findByText('Mostrando 1–20 de 41 citas')).toBeInTheDocument();
    const primera = calls.find((c) => c.url.pathname === '/apicitas/listarcitas')!.url.searchParams;
    expect([primera.get('pagina'), primera.get('porPagina')]).toEqual(['1', '20']);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–41 de 41 citas')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('pagina')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Mostrando 21–40 de 41 citas')).toBeInTheDocument();
    // A new search starts again from the first page.
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'sofía' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('buscar')).toBe('sofía'));
    expect(calls.at(-1)!.url.searchParams.get('pagina')).toBe('1');
  });

  it('cancelling asks for the reason and sends it', async () => {
    const { calls } = mockFetch(
      agendaCon(
        [confirmada],
        responde(
          citasRutas.cancelar,
          { body: { ...confirmada, estado: 'cancelada', motivo_cancelacion: 'Viaje' } },
          { id: 7 },
        ),
      ),
    );
    entrar(<ConsultarCitasScreen />, '/consultarcitas');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar la cita 7 de Sofía Ramírez' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Cancelar la cita?' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    expect(await within(dialogo).findByText(/Escribe el motivo de la cancelación/)).toBeInTheDocument();
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Motivo de la cancelación/ }), {
      target: { value: 'Viaje de trabajo' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar cita' }));
    expect(await screen.findByText('Cita cancelada')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ motivo: 'Viaje de trabajo' });
  });

  it('shows empty and error states', async () => {
    mockFetch(agendaCon([]));
    const { unmount } = entrar(<ConsultarCitasScreen />, '/consultarcitas?tipo=control');
    expect(await screen.findByText('No encontramos citas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeInTheDocument();
    unmount();
    mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, { status: 500, body: { error: 'Falló el servidor.', code: 'ERROR_INTERNO' } }),
    ]);
    entrar(<ConsultarCitasScreen />, '/consultarcitas');
    expect(await screen.findByText('No se pudieron cargar las citas')).toBeInTheDocument();
  });
});

describe('VerTodoCitaScreen', () => {
  it("shows today's appointments by default and filters by type", async () => {
    const { calls } = mockFetch([responde(citasRutas.listar, { body: paginaDe([confirmada]) })]);
    entrar(<VerTodoCitaScreen />, '/vertodocita?tipo=evaluacion');
    await screen.findByRole('table');
    const q = calls[0]!.url.searchParams;
    expect([q.get('desde'), q.get('hasta'), q.get('tipo')]).toEqual([hoy(), hoy(), 'evaluacion']);
  });

  it('a range asks for every appointment between both days', async () => {
    const { calls } = mockFetch([responde(citasRutas.listar, { body: paginaDe([]) })]);
    entrar(<VerTodoCitaScreen />, `/vertodocita?periodo=rango&desde=${hoy()}&hasta=${dia}`);
    expect(await screen.findByText('No encontramos citas')).toBeInTheDocument();
    const q = calls[0]!.url.searchParams;
    expect([q.get('desde'), q.get('hasta')]).toEqual([hoy(), dia]);
  });
});
