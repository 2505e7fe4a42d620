// The cart could not be loaded: say so, why the screen needs it (`mensaje`), and load it again on request.
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
