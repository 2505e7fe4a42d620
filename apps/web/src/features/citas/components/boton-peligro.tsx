// A quiet red button for destructive actions (cancel an appointment). Mantine's subtle red text is red.7
// (3.9:1 on white); this one uses red.9 in light and red.4 in dark, both above 4.5:1 (WCAG AA).
import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import classes from '../citas.module.css';

export function BotonPeligro(props: ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>) {
  return (
    <Button
      variant="subtle"
      color="red"
      {...props}
      className={classes.peligro}
      vars={() => ({ root: { '--button-color': 'var(--cita-peligro)' } })}
    />
  );
}
