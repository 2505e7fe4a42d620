import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { paginaDe, renderWithProviders } from '../../test/session-test-utils.tsx';
import type { RegistroAuditoriaWire } from '../../lib/api/auditoria/get-auditoria.ts';
import AuditoriaScreen from './auditoria-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function registro(id: number, extra: Partial<RegistroAuditoriaWire> = {}): RegistroAuditoriaWire {
  return {
    id,
    creada_en: '2026-03-05T19:30:00.000Z',
    usuario: { id: 3, nombre: 'Ana Gómez', correo: 'ana@demo.test', rol: 'doctor' },
    accion: 'historia.leer',
    recurso: 'historia_clinica',
    recurso_id: '7',
    resultado: 'exito',
    ip: '10.0.0.5',
    detalle: 'Lectura de la historia completa',
    ...extra,
  };
}

const lista = (items: RegistroAuditoriaWire[], extra: Parameters<typeof paginaDe>[1] = {}) =>
  paginaDe(items, { porPagina: 50, ...extra });

/** The query string the screen keeps in the address. */
function BusquedaProbe() {
  return <div data-testid="busqueda">{useLocation().search}</div>;
}
const enUrl = () => new URLSearchParams(screen.getByTestId('busqueda').textContent ?? '');

function renderAuditoria(rol: Rol = 'administrador', route = '/auditoria') {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
  return renderWithProviders(
    <>
      <AuditoriaScreen />
      <BusquedaProbe />
    </>,
    { route, path: '/auditoria' },
  );
}

/** Every search the screen asked, as its query parameters. */
const pedidas = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === auditoriaRutas.listar.path).map((c) => c.url.searchParams);

describe('AuditoriaScreen', () => {
  it('lists each record: clinic time, who and their role, action, resource, result in words, IP and detail', async () => {
    const { calls } = mockFetch([
      responde(auditoriaRutas.listar, {
        body: lista([
          registro(2),
          registro(1, {
            usuario: null,
            accion: 'cita.recordatorio',
            recurso: 'cita',
            recurso_id: null,
            resultado: 'fallo',
            ip: null,
            detalle: null,
          }),
        ]),
      }),
    ]);
    renderAuditoria();
    const tabla = await screen.findByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha y hora', 'Quién', 'Acción', 'Recurso', 'Resultado', 'IP', 'Detalle']);
    const [, persona, sistema] = within(tabla).getAllByRole('row');
    expect(persona).toHaveTextContent(formatFechaHora('2026-03-05T19:30:00.000Z'));
    expect(formatFechaHora('2026-03-05T19:30:00.000Z')).toBe('05/03/2026, 2:30 p. m.');
    expect(persona).toHaveTextContent('Ana Gómez');
    expect(within(persona!).getByText('Doctor')).toBeInTheDocument();
    expect(persona).toHaveTextContent('ana@demo.test');
    expect(persona).toHaveTextContent('historia.leer');
    expect(within(persona!).getByText('historia_clinica')).toBeInTheDocument();
    expect(within(persona!).getByText('n.º 7')).toBeInTheDocument();
    expect(within(persona!).getByText('Éxito')).toBeInTheDocument();
    expect(persona).toHaveTextContent('10.0.0.5');
    expect(persona).toHaveTextContent('Lectura de la historia completa');
    // No user: the system (a scheduled task) or someone not signed in.
    expect(within(sistema!).getByText('Sistema')).toBeInTheDocument();
    expect(within(sistema!).getByText('Fallo')).toBeInTheDocument();
    expect(sistema).toHaveTextContent('Sin dirección IP');
    expect(sistema).toHaveTextContent('Sin detalle');
    expect(screen.getByText('Mostrando 1–2 de 2 registros')).toBeInTheDocument();
    expect(pedidas(calls).map(String)).toEqual(['pagina=1&porPagina=50']);
  });

  it('«Buscar» puts the filters in the request and the address; «Limpiar» empties both', async () => {
    const { calls } = mockFetch([responde(auditoriaRutas.listar, () => ({ body: lista([registro(1)]) }))]);
    renderAuditoria();
    await screen.findByRole('table');
    const form = screen.getByRole('search', { name: 'Buscar en la auditoría' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Quién' }), { target: { value: '  ana ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Acción' }), { target: { value: 'historia.' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Recurso' }), {
      target: { value: 'historia_clinica' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Id del recurso' }), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Resultado' }));
    fireEvent.click(screen.getByRole('option', { name: 'Denegado' }));
    // Dates are typed as the clinic writes them and sent as clinic days.
    const desde = within(form).getByRole('textbox', { name: 'Desde' });
    fireEvent.change(desde, { target: { value: '01/03/2026' } });
    fireEvent.blur(desde);
    // Nothing is asked while typing.
    expect(pedidas(calls)).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Buscar' }));

    const esperado = {
      quien: 'ana',
      accion: 'historia.',
      recurso: 'historia_clinica',
      recurso_id: '7',
      resultado: 'denegado',
      desde: '2026-03-01',
    };
    await vi.waitFor(() => expect(pedidas(calls)).toHaveLength(2));
    expect(Object.fromEntries(pedidas(calls)[1]!)).toEqual({ ...esperado, pagina: '1', porPagina: '50' });
    expect(Object.fromEntries(enUrl())).toEqual(esperado);

    fireEvent.click(within(form).getByRole('button', { name: 'Limpiar' }));
    await vi.waitFor(() => expect(enUrl().toString()).toBe(''));
    expect(within(form).getByRole('textbox', { name: 'Quién' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Resultado' })).toHaveValue('Todos los resultados');
    // Back to the search without filters (already read: answered from the cache or read again).
    expect(pedidas(calls).at(-1)!.toString()).toBe('pagina=1&porPagina=50');
  });

  it('a search in the address (shared or reloaded) fills the form and is asked as is', async () => {
    const { calls } = mockFetch([responde(auditoriaRutas.listar, { body: lista([registro(1)]) })]);
    renderAuditoria(
      'administrador',
      '/auditoria?quien=ana&accion=cita.&resultado=bloqueo&desde=2026-03-01&hasta=2026-03-31',
    );
    await screen.findByRole('table');
    expect(Object.fromEntries(pedidas(calls)[0]!)).toEqual({
      quien: 'ana',
      accion: 'cita.',
      resultado: 'bloqueo',
      desde: '2026-03-01',
      hasta: '2026-03-31',
      pagina: '1',
      porPagina: '50',
    });
    const form = screen.getByRole('search', { name: 'Buscar en la auditoría' });
    expect(within(form).getByRole('textbox', { name: 'Quién' })).toHaveValue('ana');
    expect(within(form).getByRole('combobox', { name: 'Acción' })).toHaveValue('cita.');
    expect(within(form).getByRole('combobox', { name: 'Resultado' })).toHaveValue('Bloqueo');
    expect(within(form).getByRole('textbox', { name: 'Desde' })).toHaveValue('01/03/2026');
    expect(within(form).getByRole('textbox', { name: 'Hasta' })).toHaveValue('31/03/2026');
  });

  it('pages through the results, keeping the filters, and says «más de» when the count stopped', async () => {
    const { calls } = mockFetch([
      responde(auditoriaRutas.listar, ({ url }) => {
        const pagina = Number(url.searchParams.get('pagina'));
        const items = Array.from({ length: 50 }, (_, i) => registro(20_000 - (pagina - 1) * 50 - i));
        return { body: lista(items, { total: 10_000, totalExacto: false, pagina }) };
      }),
    ]);
    renderAuditoria('administrador', '/auditoria?accion=sesion.');
    expect(await screen.findByText('Mostrando 1–50 de más de 10.000 registros')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 51–100 de más de 10.000 registros')).toBeInTheDocument();
    expect(Object.fromEntries(pedidas(calls).at(-1)!)).toEqual({ accion: 'sesion.', pagina: '2', porPagina: '50' });
    expect(Object.fromEntries(enUrl())).toEqual({ accion: 'sesion.', pagina: '2' });
  });

  it('shows the API’s Spanish message on the date it refuses, and offers no export of a refused search', async () => {
    const mensaje = 'La fecha final no puede ser anterior a la inicial';
    mockFetch([
      responde(auditoriaRutas.listar, {
        status: 400,
        body: {
          error: `Datos inválidos. hasta: ${mensaje}`,
          code: 'VALIDACION',
          issues: [{ campo: 'hasta', mensaje }],
        },
      }),
    ]);
    renderAuditoria('administrador', '/auditoria?desde=2026-03-31&hasta=2026-03-01');
    expect(await screen.findByText('Revisa los filtros')).toBeInTheDocument();
    expect(screen.getByText(`Hasta: ${mensaje}.`)).toBeInTheDocument();
    const hasta = screen.getByRole('textbox', { name: 'Hasta' });
    expect(hasta).toHaveAttribute('aria-invalid', 'true');
    expect(hasta).toHaveAccessibleDescription(mensaje);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('«Exportar CSV» downloads the current search with the session’s token and saves the file the server names', async () => {
    const crear = vi.fn((_: Blob) => 'blob:auditoria');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: crear, revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = mockFetch([
      responde(auditoriaRutas.listar, { body: lista([registro(1)]) }),
      responde(
        auditoriaRutas.exportar,
        () =>
          new Response('\uFEFFfecha,usuario_id\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="auditoria-2026-03-05.csv"',
            },
          }),
      ),
    ]);
    renderAuditoria('administrador', '/auditoria?quien=ana&resultado=denegado&pagina=3');
    await screen.findByRole('table');
    const boton = screen.getByRole('button', { name: 'Exportar CSV' });
    expect(boton).toHaveAccessibleDescription(/hasta 50\.000 registros, del más reciente al más antiguo/);
    expect(boton).toHaveAccessibleDescription(/La exportación también queda registrada en la auditoría/);
    fireEvent.click(boton);

    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(1));
    const descarga = calls.find((c) => c.url.pathname === auditoriaRutas.exportar.path)!;
    // The whole search, not the page on screen.
    expect(Object.fromEntries(descarga.url.searchParams)).toEqual({ quien: 'ana', resultado: 'denegado' });
    expect(descarga.headers.get('authorization')).toMatch(/^Bearer /);
    expect((clics.mock.contexts[0] as HTMLAnchorElement).download).toBe('auditoria-2026-03-05.csv');
    expect(crear.mock.calls[0]![0].size).toBeGreaterThan(0);
    expect(await screen.findByText('Exportación lista')).toBeInTheDocument();
    // The export is itself recorded: the list is read again to show it.
    await vi.waitFor(() => expect(pedidas(calls)).toHaveLength(2));
  });

  it('an empty search offers to clear the filters; a failure offers to retry', async () => {
    let falla = true;
    mockFetch([
      responde(auditoriaRutas.listar, ({ url }) =>
        falla
          ? { status: 500, body: { error: 'Ocurrió un error inesperado.', code: 'ERROR_INTERNO' } }
          : { body: lista(url.searchParams.has('quien') ? [] : [registro(1)]) },
      ),
    ]);
    renderAuditoria('administrador', '/auditoria?quien=nadie');
    expect(await screen.findByText('No pudimos cargar la información')).toBeInTheDocument();
    falla = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No encontramos registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(enUrl().toString()).toBe('');
  });

  it('other roles see no audit log and never ask the server', async () => {
    const { calls } = mockFetch([]);
    renderAuditoria('asistente');
    expect(await screen.findByText(/lo revisa el administrador/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
