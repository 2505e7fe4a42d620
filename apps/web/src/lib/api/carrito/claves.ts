// The one query-key factory of the cart (issue 22). The cart's state lives in lib/carrito/cart-context.tsx (the spec
// fixes how it changes); the query cache holds only the dashboard's count.
export const carritoKeys = {
  all: ['carrito'] as const,
  conteo: () => ['carrito', 'conteo'] as const,
};
