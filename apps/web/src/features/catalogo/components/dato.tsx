// One labelled value on a catalogue details screen. Line breaks typed into a text are kept.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../catalogo.module.css';

export function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
        {etiqueta}
      </Text>
      <Text component="div" className={classes.texto}>
        {children}
      </Text>
    </div>
  );
}
