// The cart rules of SPEC 4, 5 and 8, one test each, against a mocked fetch.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { carritoRutas } from '@clinica/contracts/rutas';
import { useCart } from './cart-context.tsx';
import { llamada } from '../../test/api-mock.ts';
import {
  itemDePrueba,
  procedimientoDePrueba,
  ProveedoresDePrueba,
  tokenDePrueba,
} from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

const LISTAR = carritoRutas.listar;
const AGREGAR = carritoRutas.agregar;

const wrapper = ({ children }: { children: ReactNode }) => <ProveedoresDePrueba>{children}</ProveedoresDePrueba>;

function renderCart() {
  return renderHook(() => ({ cart: useCart(), auth: useAuth() }), { wrapper });
}

/** Renders with a signed-in user whose cart holds `items`, and waits for the load. */
async function renderCargado(items = [itemDePrueba(11)], extra: Parameters<typeof mockFetch>[0] = []) {
  localStorage.setItem('token', tokenDePrueba());
  const fetch = mockFetch([...extra, responde(LISTAR, { body: items })]);
  const view = renderCart();
  await waitFor(() => expect(view.result.current.cart.status).toBe('ready'));
  return { ...view, fetch };
}

const errorSpy = () => vi.spyOn(console, 'error').mockImplementation(() => {});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart context', () => {
  it('starts empty', () => {
    mockFetch([]);
    const { result } = renderCart();
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.cart.count).toBe(0);
  });

  it('does not load without a token', async () => {
    const fetch = mockFetch([]);
    const { result } = renderCart();
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.cart.status).toBe('idle');
  });

  it('does not load with an expired token', async () => {
    localStorage.setItem('token', tokenDePrueba({ exp: Math.floor(Date.now() / 1000) - 10 }));
    const fetch = mockFetch([]);
    renderCart();
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the cart on mount when a token exists, sending it as bearer', async () => {
    const { result, fetch } = await renderCargado([
      itemDePrueba(11),
      itemDePrueba(12, procedimientoDePrueba({ id: 8 })),
    ]);
    expect(fetch.llamadas()).toEqual([llamada(LISTAR)]);
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toMatch(/^Bearer .+\..+\..+$/);
    expect(result.current.cart.items.map((i) => i.id)).toEqual([11, 12]);
    expect(result.current.cart.count).toBe(2);
  });

  it('loads when the user signs in and empties when they sign out', async () => {
    const fetch = mockFetch([responde(LISTAR, { body: [itemDePrueba(11)] })]);
    const { result } = renderCart();
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();

    act(() => result.current.auth.login(tokenDePrueba()));
    await waitFor(() => expect(result.current.cart.count).toBe(1));
    expect(fetch.llamadas()).toEqual([llamada(LISTAR)]);

    act(() => result.current.auth.logout());
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.cart.count).toBe(0);
  });

  it('returns already-in-cart without a request when the nested procedure matches', async () => {
    const { result, fetch } = await renderCargado([itemDePrueba(11, procedimientoDePrueba({ id: 7 }))]);
    let r: unknown;
    await act(async () => {
      r = await result.current.cart.addToCart(7);
    });
    expect(r).toEqual({ added: false, reason: 'already-in-cart' });
    expect(fetch.llamadas()).toEqual([llamada(LISTAR)]);
  });

  it('returns already-in-cart without a request when only id_procedimiento matches', async () => {
    const soloId = { id: 11, id_procedimiento: 9, creado_en: '2026-01-02T10:00:00.000Z' } as unknown as ReturnType<
      typeof itemDePrueba
    >;
    const { result, fetch } = await renderCargado([soloId]);
    let r: unknown;
    await act(async () => {
      r = await result.current.cart.addToCart(9);
    });
    expect(r).toEqual({ added: false, reason: 'already-in-cart' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('posts id_procedimiento and appends the item the server returns', async () => {
    const nuevo = itemDePrueba(30, procedimientoDePrueba({ id: 8, nombre: 'Peeling químico' }));
    const { result, fetch } = await renderCargado(
      [itemDePrueba(11)],
      [responde(AGREGAR, { status: 201, body: nuevo })],
    );
    let r: unknown;
    await act(async () => {
      r = await result.current.cart.addToCart(8);
    });
    expect(r).toEqual({ added: true, item: nuevo });
    expect(fetch.llamadas()).toEqual([llamada(LISTAR), llamada(AGREGAR)]);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ id_procedimiento: 8 });
    expect(result.current.cart.items.map((i) => i.id)).toEqual([11, 30]);
    expect(result.current.cart.count).toBe(2);
  });

  it("treats a 400 containing 'ya está en el carrito' as already-in-cart, not an error", async () => {
    const { result } = await renderCargado(
      [],
      [
        responde(AGREGAR, {
          status: 400,
          body: { error: 'El procedimiento YA ESTÁ EN EL CARRITO.', code: 'YA_EN_CARRITO' },
        }),
      ],
    );
    let r: unknown;
    await act(async () => {
      r = await result.current.cart.addToCart(8);
    });
    expect(r).toEqual({ added: false, reason: 'already-in-cart' });
    expect(result.current.cart.items).toEqual([]);
  });

  it('returns reason error with the error and logs it on any other failure', async () => {
    const spy = errorSpy();
    const { result } = await renderCargado(
      [itemDePrueba(11)],
      [
        responde(AGREGAR, {
          status: 422,
          body: {
            error: 'Este procedimiento no está disponible en este momento.',
            code: 'PROCEDIMIENTO_NO_DISPONIBLE',
          },
        }),
      ],
    );
    let r: { added: boolean; reason?: string; error?: unknown } | undefined;
    await act(async () => {
      r = await result.current.cart.addToCart(8);
    });
    expect(r?.added).toBe(false);
    expect(r?.reason).toBe('error');
    expect(r?.error).toBeInstanceOf(ApiClientError);
    expect((r?.error as ApiClientError).status).toBe(422);
    expect(spy).toHaveBeenCalledWith(expect.any(String), r?.error);
    expect(result.current.cart.items.map((i) => i.id)).toEqual([11]);
  });

  it('a 400 with another message is an error, not already-in-cart', async () => {
    const spy = errorSpy();
    const { result } = await renderCargado(
      [],
      [responde(AGREGAR, { status: 400, body: { error: 'Datos inválidos.', code: 'VALIDACION' } })],
    );
    let r: { added: boolean; reason?: string } | undefined;
    await act(async () => {
      r = await result.current.cart.addToCart(8);
    });
    expect(r?.reason).toBe('error');
    expect(spy).toHaveBeenCalled();
  });

  it('removes by calling DELETE eliminardemicarrito/{id} and filtering the item out', async () => {
    const { result, fetch } = await renderCargado(
      [itemDePrueba(11), itemDePrueba(12, procedimientoDePrueba({ id: 8 }))],
      [responde(carritoRutas.eliminar, { body: { mensaje: 'Eliminado del carrito.' } }, { id: 11 })],
    );
    await act(async () => {
      await result.current.cart.removeFromCart(11);
    });
    expect(fetch.llamadas()).toContain(llamada(carritoRutas.eliminar, { id: 11 }));
    expect(result.current.cart.items.map((i) => i.id)).toEqual([12]);
    expect(result.current.cart.count).toBe(1);
  });

  it('clears by calling DELETE limpiarmicarrito and emptying the list', async () => {
    const { result, fetch } = await renderCargado(
      [itemDePrueba(11), itemDePrueba(12, procedimientoDePrueba({ id: 8 }))],
      [responde(carritoRutas.limpiar, { body: { mensaje: 'ok' } })],
    );
    await act(async () => {
      await result.current.cart.clearCart();
    });
    expect(fetch.llamadas()).toContain(llamada(carritoRutas.limpiar));
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.cart.count).toBe(0);
  });

  it("logs 'Error al cargar el carrito' when the load fails and keeps the cart empty", async () => {
    const spy = errorSpy();
    localStorage.setItem('token', tokenDePrueba());
    mockFetch([responde(LISTAR, { status: 500, body: { error: 'x', code: 'ERROR_INTERNO' } })]);
    const { result } = renderCart();
    await waitFor(() => expect(spy).toHaveBeenCalledWith('Error al cargar el carrito', expect.any(ApiClientError)));
    expect(result.current.cart.items).toEqual([]);
    expect(result.current.cart.status).toBe('error');
  });

  it("logs 'Error al cargar el carrito' when the network fails", async () => {
    const spy = errorSpy();
    localStorage.setItem('token', tokenDePrueba());
    mockFetch([responde(LISTAR, () => Promise.reject(new TypeError('Failed to fetch')))]);
    const { result } = renderCart();
    await waitFor(() => expect(spy).toHaveBeenCalledWith('Error al cargar el carrito', expect.anything()));
    expect(result.current.cart.count).toBe(0);
  });

  it("logs 'Error al eliminar del carrito' when removing fails and keeps the items", async () => {
    const spy = errorSpy();
    const { result } = await renderCargado(
      [itemDePrueba(11)],
      [
        responde(
          carritoRutas.eliminar,
          { status: 404, body: { error: 'No existe', code: 'NO_ENCONTRADO' } },
          { id: 11 },
        ),
      ],
    );
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.cart.removeFromCart(11);
    });
    expect(ok).toBe(false);
    expect(spy).toHaveBeenCalledWith('Error al eliminar del carrito', expect.any(ApiClientError));
    expect(result.current.cart.items.map((i) => i.id)).toEqual([11]);
  });

  it("logs 'Error al limpiar el carrito' when clearing fails and keeps the items", async () => {
    const spy = errorSpy();
    const { result } = await renderCargado(
      [itemDePrueba(11), itemDePrueba(12, procedimientoDePrueba({ id: 8 }))],
      [responde(carritoRutas.limpiar, { status: 503, body: { error: 'No disponible', code: 'NO_DISPONIBLE' } })],
    );
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.cart.clearCart();
    });
    expect(ok).toBe(false);
    expect(spy).toHaveBeenCalledWith('Error al limpiar el carrito', expect.any(ApiClientError));
    expect(result.current.cart.count).toBe(2);
  });

  it('does not reload when the same user gets a renewed token', async () => {
    const { result, fetch } = await renderCargado([itemDePrueba(11)]);
    act(() => result.current.auth.login(tokenDePrueba({ exp: Math.floor(Date.now() / 1000) + 7200 })));
    await act(async () => {});
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current.cart.count).toBe(1);
  });

  it('useCart outside the provider throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCart())).toThrow('useCart debe usarse dentro de CartProvider');
  });
});
