// /mispagos (issue 23): the patient's own payments while they load, none yet, with their amounts in es-CO pesos and
// states (no "who paid" column, no void), when the API fails, and the receipt's download.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { listaPagos, pagoDePrueba } from '../../test/pagos-fixtures.ts';
import MisPagosScreen from './mis-pagos-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const renderMisPagos = () => renderComoRol('paciente', <MisPagosScreen />, '/mispagos');

describe('MisPagosScreen (/mispagos)', () => {
  it('shows a loading state, then her payments with amounts in es-CO pesos and their state', async () => {
    let soltar!: () => void;
    const espera = new Promise<void>((r) => (soltar = r));
    mockFetch([
      responde(pagosRutas.misPagos, async () => {
        await espera;
        return {
          body: listaPagos([
            pagoDePrueba(),
            pagoDePrueba({
              id: 10,
              recibo_numero: 13,
              monto: 50_000,
              concepto: 'devolucion',
              descripcion: 'Devolución del anticipo',
              metodo: 'transferencia',
              referencia: null,
            }),
            pagoDePrueba({ id: 11, recibo_numero: null, estado: 'pendiente', metodo: 'en_linea', monto: 80_000 }),
          ]),
        };
      }),
    ]);
    renderMisPagos();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis pagos' })).toBeInTheDocument();
    expect(screen.getByText('Cargando pagos…')).toBeInTheDocument();
    soltar();
    const tabla = await screen.findByRole('table', { name: 'Mis pagos, del más reciente al más antiguo' });
    const filas = within(tabla).getAllByRole('row');
    expect(within(filas[0]!).queryByText('Paciente')).toBeNull();
    expect(filas[1]).toHaveTextContent('N.º 000012');
    expect(filas[1]).toHaveTextContent('$ 1.234.567');
    expect(filas[1]).toHaveTextContent('Tarjeta (datáfono)');
    expect(filas[1]).toHaveTextContent('Ref. 483920');
    // The method and its reference are one block: as a phone's stacked card (a flex row) they sat side by side.
    const metodo = within(filas[1]!).getByText('Tarjeta (datáfono)');
    expect(metodo.closest('td')!.children).toHaveLength(1);
    expect(metodo).toContainElement(within(filas[1]!).getByText('Ref. 483920'));
    expect(filas[1]).toHaveTextContent('Aprobado');
    expect(filas[2]).toHaveTextContent('- $ 50.000');
    expect(filas[3]).toHaveTextContent('Sin recibo');
    expect(filas[3]).toHaveTextContent('Pendiente');
    expect(within(filas[3]!).queryByRole('button', { name: /Descargar el recibo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
    expect(screen.getByText('Mostrando 1–3 de 3 pagos')).toBeInTheDocument();
  });

  it('says so when she has no payments yet', async () => {
    mockFetch([responde(pagosRutas.misPagos, { body: listaPagos([]) })]);
    renderMisPagos();
    expect(await screen.findByText('Aún no tienes pagos')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    let veces = 0;
    mockFetch([
      responde(pagosRutas.misPagos, () =>
        ++veces === 1
          ? { status: 500, body: { error: 'Falló algo.', code: 'ERROR_INTERNO' } }
          : { body: listaPagos([pagoDePrueba()]) },
      ),
    ]);
    renderMisPagos();
    expect(await screen.findByText('No pudimos cargar los pagos')).toBeInTheDocument();
    expect(screen.getByText('Falló algo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('«Recibo» downloads the receipt, and a refusal says why', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recibo', revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let veces = 0;
    mockFetch([
      responde(pagosRutas.misPagos, { body: listaPagos([pagoDePrueba()]) }),
      responde(
        pagosRutas.recibo,
        () =>
          ++veces === 1
            ? new Response(new Blob(['%PDF-1.7']), {
                status: 200,
                headers: {
                  'content-type': 'application/pdf',
                  'content-disposition': 'attachment; filename="recibo-000012.pdf"',
                },
              })
            : { status: 404, body: { error: 'No encontramos ese pago.', code: 'NO_ENCONTRADO' } },
        { id: 9 },
      ),
    ]);
    renderMisPagos();
    const boton = await screen.findByRole('button', { name: 'Descargar el recibo N.º 000012' });
    await user.click(boton);
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(1));
    expect((clics.mock.contexts[0] as HTMLAnchorElement).download).toBe('recibo-000012.pdf');
    await user.click(boton);
    expect(await screen.findByText('No pudimos descargar el recibo')).toBeInTheDocument();
    expect(screen.getByText('No encontramos ese pago.')).toBeInTheDocument();
  });
});
