// Cart context (SPEC 3-5, 8). Interim minimal version: the catalogue engineer replaces the internals;
// the exported names and the shape of useCart() are the contract other modules rely on.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CarritoItemWire } from '@clinica/contracts/carrito';

export type AddResult = { added: true } | { added: false; reason: 'already-in-cart' } | { added: false; reason: 'error'; error: unknown };

export type CartState = {
  items: CarritoItemWire[];
  count: number;
  addToCart: (procedimientoId: number) => Promise<AddResult>;
  removeFromCart: (itemId: number) => Promise<void>;
  clearCart: () => Promise<void>;
};

const CartContext = createContext<CartState | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const value = useMemo<CartState>(
    () => ({
      items: [],
      count: 0,
      addToCart: async () => ({ added: false, reason: 'error', error: new Error('Carrito no disponible') }),
      removeFromCart: async () => {},
      clearCart: async () => {},
    }),
    [],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart debe usarse dentro de CartProvider');
  return ctx;
}
