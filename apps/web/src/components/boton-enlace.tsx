// A button that takes the person to another page of the app: a router link drawn as a Mantine Button.
//   <BotonEnlace a={paths.consultarHistorialMedico} variant="light">Volver al historial médico</BotonEnlace>
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function BotonEnlace({ a, children, ...props }: ButtonProps & { a: string; children: ReactNode }) {
  return (
    <Button component={Link} to={a} {...props}>
      {children}
    </Button>
  );
}
