// /carrito: items, total in COP, remove, clear with confirmation, empty state, and the contact way forward.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { carritoRutas } from '@clinica/contracts/rutas';
import CarritoScreen from './carrito-screen.tsx';
import { llamada } from '../../test/api-mock.ts';
import { itemDePrueba, procedimientoDePrueba, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

const LISTAR = carritoRutas.listar;
/** The default test procedure: 7, «Limpieza facial profunda», $ 180.000, 60 minutes. */
const facial = procedimientoDePrueba();
const peeling = procedimientoDePrueba({
  id: 8,
  nombre: 'Peeling químico',
  precio: 250000,
  duracion_minutos: 45,
  requiere_evaluacion: true,
});

function renderCarrito(
  items = [itemDePrueba(11, facial), itemDePrueba(12, peeling)],
  extra: Parameters<typeof mockFetch>[0] = [],
) {
  localStorage.setItem('token', tokenDePrueba());
  const fetch = mockFetch([...extra, responde(LISTAR, { body: items })]);
  return { ...renderEnRuta('/carrito', { '/carrito': <CarritoScreen /> }), fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe('/carrito', () => {
  it('lists the items with price and duration, and the total in COP', async () => {
    renderCarrito();
    const lista = await screen.findByRole('list', { name: 'Tratamientos en tu carrito' });
    const items = within(lista).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Limpieza facial profunda' })).toHaveAttribute(
      'href',
      '/servicios/7',
    );
    expect(within(items[0]!).getByText('$ 180.000')).toBeInTheDocument();
    expect(within(items[0]!).getByText('1 h')).toBeInTheDocument();
    expect(within(items[1]!).getByText('$ 250.000')).toBeInTheDocument();
    expect(within(items[1]!).getByText('45 min')).toBeInTheDocument();
    expect(screen.getByTestId('total-carrito')).toHaveTextContent('$ 430.000');
    expect(screen.getByText('2 tratamientos')).toBeInTheDocument();
    expect(document.title).toMatch(/^Tu carrito · /);
  });

  it('leads to booking an evaluation (/crearcita), with the clinic contact as the other way', async () => {
    renderCarrito();
    expect(await screen.findByRole('link', { name: 'Agendar valoración' })).toHaveAttribute('href', '/crearcita');
    const wa = screen.getByRole('link', { name: /WhatsApp/ });
    expect(wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(wa.getAttribute('href')!)).toContain('Limpieza facial profunda, Peeling químico');
    expect(screen.getByRole('link', { name: /Llamar al/ }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
  });

  it('shows the empty state with a link to /servicios', async () => {
    renderCarrito([]);
    expect(await screen.findByText('Tu carrito está vacío')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver servicios' })).toHaveAttribute('href', '/servicios');
    expect(screen.queryByTestId('total-carrito')).not.toBeInTheDocument();
  });

  it('removes an item with the button named after it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderCarrito(undefined, [
      responde(carritoRutas.eliminar, { body: { mensaje: 'Eliminado del carrito.' } }, { id: 11 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Quitar Limpieza facial profunda del carrito' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Limpieza facial profunda' })).not.toBeInTheDocument(),
    );
    expect(fetch.llamadas()).toContain(llamada(carritoRutas.eliminar, { id: 11 }));
    expect(screen.getByTestId('total-carrito')).toHaveTextContent('$ 250.000');
  });

  it('keeps the item and says so when removing fails', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderCarrito(undefined, [
      responde(carritoRutas.eliminar, { status: 500, body: { error: 'x', code: 'ERROR_INTERNO' } }, { id: 11 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Quitar Limpieza facial profunda del carrito' }));
    expect(await screen.findByText('No pudimos quitarlo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Limpieza facial profunda' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith('Error al eliminar del carrito', expect.anything());
  });

  it('clears the cart only after confirming, and then shows the empty state', async () => {
    const user = userEvent.setup();
    const { fetch } = renderCarrito(undefined, [responde(carritoRutas.limpiar, { body: { mensaje: 'ok' } })]);
    await user.click(await screen.findByRole('button', { name: 'Vaciar carrito' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Vaciar tu carrito?' });
    expect(within(dialogo).getByText(/Se quitarán los 2 tratamientos de tu carrito/)).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain(llamada(carritoRutas.limpiar));

    await user.click(within(dialogo).getByRole('button', { name: 'Vaciar carrito' }));
    expect(await screen.findByText('Tu carrito está vacío')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(carritoRutas.limpiar));
  });

  it('cancelling the confirmation keeps everything', async () => {
    const user = userEvent.setup();
    const { fetch } = renderCarrito();
    await user.click(await screen.findByRole('button', { name: 'Vaciar carrito' }));
    const dialogo = await screen.findByRole('dialog');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.llamadas()).toEqual([llamada(LISTAR)]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers a retry when the cart cannot be loaded', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', tokenDePrueba());
    mockFetch([responde(LISTAR, { status: 503, body: { error: 'No disponible', code: 'NO_DISPONIBLE' } })]);
    renderEnRuta('/carrito', { '/carrito': <CarritoScreen /> });
    expect(await screen.findByText('No pudimos cargar tu carrito')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith('Error al cargar el carrito', expect.anything());
  });
});
