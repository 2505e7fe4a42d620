// A filtered list that came back empty: nothing matches, and one click takes the filters away.
import { Button } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EstadoVacio } from './estado-vacio.tsx';

export function SinCoincidencias({
  titulo,
  descripcion,
  onLimpiar,
}: {
  titulo: string;
  descripcion: ReactNode;
  onLimpiar: () => void;
}) {
  return (
    <EstadoVacio
      icono={<IconSearch size={26} stroke={1.6} aria-hidden="true" />}
      titulo={titulo}
      descripcion={descripcion}
      accion={
        <Button variant="light" onClick={onLimpiar} leftSection={<IconX size={16} aria-hidden="true" />}>
          Limpiar filtros
        </Button>
      }
    />
  );
}
