// One labelled value on an appointment's details. Line breaks typed into a text are kept.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../citas.module.css';

export function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div className={classes.dato}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
        {etiqueta}
      </Text>
      <Text component="div" style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}
