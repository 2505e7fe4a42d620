// Sign-in and registration reached from a service page's «Agregar al carrito» (issue 27.5): why the visitor is here
// and what happens next, so the page's promise ("volverás a esta página") is kept in sight.
import { Alert } from '@mantine/core';
import { IconShoppingBagPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function AvisoIntencionCarrito({ children }: { children: ReactNode }) {
  return (
    <Alert
      role="note"
      color="rosa"
      variant="light"
      icon={<IconShoppingBagPlus size={18} aria-hidden="true" />}
      title="Guardaremos el tratamiento en tu carrito"
    >
      {children}
    </Alert>
  );
}
