// The cart could not be read (the cart screen, the booking screen): why it matters there, and a retry that reads
// it again.
import { useState } from 'react';
import { useCart } from '../lib/carrito/cart-context.tsx';
import { EstadoError } from './estado-error.tsx';

export function ErrorCarrito({ mensaje }: { mensaje: string }) {
  const { reload } = useCart();
  const [reintentando, setReintentando] = useState(false);
  return (
    <EstadoError
      titulo="No pudimos cargar tu carrito"
      mensaje={mensaje}
      reintentando={reintentando}
      onRetry={() => {
        setReintentando(true);
        void reload().finally(() => setReintentando(false));
      }}
    />
  );
}
