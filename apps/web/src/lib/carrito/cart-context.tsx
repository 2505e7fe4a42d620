// Cart context (SPEC 3-5, 7, 8): the signed-in user's cart as the server keeps it.
// - starts empty; loads GET listarmicarrito only when a valid token exists (SPEC 5): on mount, and again when
//   someone signs in (token absent -> present, or another user); a silent renewal of the same user's token does
//   not reload; empties on sign-out;
// - addToCart checks locally first (nested procedimiento.id or id_procedimiento), then POSTs; a 400 whose
//   lower-cased text contains 'ya está en el carrito' is the same already-in-cart result (SPEC 8);
// - remove filters by item id, clear empties; load/remove/clear failures are logged, state unchanged.
// The provider must sit inside AuthProvider.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { ApiClientError } from '../api-client.ts';
import { useAuth } from '../session/auth-context.tsx';
import { agregarAlCarrito, eliminarDelCarrito, limpiarCarrito } from '../api/carrito/cambiar-carrito.ts';
import { getCarrito } from '../api/carrito/get-carrito.ts';
import { duenoDelCarrito } from './token-vigente.ts';

export type AddResult =
  | { added: true; item: CarritoItemWire }
  | { added: false; reason: 'already-in-cart' }
  | { added: false; reason: 'error'; error: unknown };

/** 'idle': signed out (nothing to load); 'loading': first load in flight; 'ready'; 'error': the load failed. */
export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

export type CartState = {
  items: CarritoItemWire[];
  /** items.length: what the header badge shows. */
  count: number;
  status: CartStatus;
  addToCart: (procedimientoId: number) => Promise<AddResult>;
  /** Resolves true when the server removed it; false when it failed (already logged, state unchanged). */
  removeFromCart: (itemId: number) => Promise<boolean>;
  /** Resolves true when the server emptied it; false when it failed (already logged, state unchanged). */
  clearCart: () => Promise<boolean>;
  /** Loads the cart again (e.g. a retry after a failed load). */
  reload: () => Promise<void>;
};

const CartContext = createContext<CartState | null>(null);

/** Whether the cart already holds this procedure, by nested procedure id or by id_procedimiento (SPEC 4). */
export function isInCart(items: readonly CarritoItemWire[], procedimientoId: number): boolean {
  return items.some((item) => item.procedimiento?.id === procedimientoId || item.id_procedimiento === procedimientoId);
}

function isDuplicateError(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    error.status === 400 &&
    typeof error.body?.error === 'string' &&
    error.body.error.toLowerCase().includes('ya está en el carrito')
  );
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  // Changes on sign-in and sign-out, not when the same user's token is renewed.
  const dueno = duenoDelCarrito(token);
  const [items, setItems] = useState<CarritoItemWire[]>([]);
  const [status, setStatus] = useState<CartStatus>(() => (dueno ? 'loading' : 'idle'));
  // A new owner (sign-in, another user, sign-out) starts from an empty cart, decided during render so no
  // frame shows the previous person's items.
  const [duenoActual, setDuenoActual] = useState(dueno);
  if (dueno !== duenoActual) {
    setDuenoActual(dueno);
    setItems([]);
    setStatus(dueno ? 'loading' : 'idle');
  }
  // Latest items for the local duplicate check, so two quick calls never read a stale render.
  const itemsRef = useRef<CarritoItemWire[]>(items);
  // `session` changes with the owner, `loads` on every load: late answers of an older one are dropped.
  const session = useRef(0);
  const loads = useRef(0);

  const update = useCallback((next: (prev: CarritoItemWire[]) => CarritoItemWire[]) => {
    itemsRef.current = next(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const fetchCart = useCallback((): Promise<void> => {
    const mySession = session.current;
    const myLoad = ++loads.current;
    const stale = () => mySession !== session.current || myLoad !== loads.current;
    return getCarrito().then(
      (data) => {
        if (stale()) return;
        update(() => (Array.isArray(data) ? data : []));
        setStatus('ready');
      },
      (error: unknown) => {
        if (stale()) return;
        console.error('Error al cargar el carrito', error);
        setStatus((s) => (s === 'ready' ? s : 'error'));
      },
    );
  }, [update]);

  useEffect(() => {
    session.current++;
    itemsRef.current = [];
    if (dueno) void fetchCart();
  }, [dueno, fetchCart]);

  const reload = useCallback(async () => {
    if (!dueno) return;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    await fetchCart();
  }, [dueno, fetchCart]);

  const addToCart = useCallback(
    async (procedimientoId: number): Promise<AddResult> => {
      if (isInCart(itemsRef.current, procedimientoId)) return { added: false, reason: 'already-in-cart' };
      const mySession = session.current;
      try {
        const item = await agregarAlCarrito(procedimientoId);
        // Signed out or another user signed in meanwhile: this item is not the current cart's.
        if (mySession === session.current) update((prev) => [...prev.filter((i) => i.id !== item.id), item]);
        return { added: true, item };
      } catch (error) {
        if (isDuplicateError(error)) return { added: false, reason: 'already-in-cart' };
        console.error('Error al agregar al carrito', error);
        return { added: false, reason: 'error', error };
      }
    },
    [update],
  );

  const removeFromCart = useCallback(
    async (itemId: number) => {
      try {
        await eliminarDelCarrito(itemId);
      } catch (error) {
        console.error('Error al eliminar del carrito', error);
        return false;
      }
      update((prev) => prev.filter((i) => i.id !== itemId));
      return true;
    },
    [update],
  );

  const clearCart = useCallback(async () => {
    try {
      await limpiarCarrito();
    } catch (error) {
      console.error('Error al limpiar el carrito', error);
      return false;
    }
    update(() => []);
    return true;
  }, [update]);

  const value = useMemo<CartState>(
    () => ({ items, count: items.length, status, addToCart, removeFromCart, clearCart, reload }),
    [items, status, addToCart, removeFromCart, clearCart, reload],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart debe usarse dentro de CartProvider');
  return ctx;
}
