// One labelled value on a details screen (an appointment, a procedure, a category). Line breaks typed into a text
// are kept, and a long word wraps instead of widening the grid.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './dato.module.css';

export function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div className={classes.dato}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
        {etiqueta}
      </Text>
      <Text component="div" className={classes.texto}>
        {children}
      </Text>
    </div>
  );
}
