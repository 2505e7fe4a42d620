// A titled group of form fields: a real <fieldset>/<legend> for screen readers, without the browser's frame.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function GrupoCampos({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    // minWidth 0: a fieldset otherwise refuses to shrink below its content inside a grid.
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} mb="sm">
        {titulo}
      </Text>
      {children}
    </fieldset>
  );
}
