// SPEC 2 badge colours and Spanish labels of appointment types and statuses.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { EstadoCitaBadge, TipoCitaBadge } from './cita-badges.tsx';

const enTema = (ui: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );

describe('cita badges', () => {
  it.each([
    ['evaluacion', 'Evaluación', 'info'],
    ['procedimiento', 'Procedimiento', 'success'],
    ['control', 'Control', 'success'],
  ])('type %s reads %s in the %s colour', (tipo, texto, tono) => {
    enTema(<TipoCitaBadge tipo={tipo} />);
    expect(screen.getByText(texto).closest('[data-tono]')).toHaveAttribute('data-tono', tono);
  });

  it.each([
    ['confirmada', 'Confirmada', 'success'],
    ['pendiente', 'Pendiente', 'warning'],
    ['realizada', 'Realizada', 'primary'],
    ['cancelada', 'Cancelada', 'danger'],
    ['otra', 'Otra', 'danger'],
  ])('status %s reads %s in the %s colour', (estado, texto, tono) => {
    enTema(<EstadoCitaBadge estado={estado} />);
    expect(screen.getByText(texto).closest('[data-tono]')).toHaveAttribute('data-tono', tono);
  });
});
