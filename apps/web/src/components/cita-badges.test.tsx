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

const badge = (de: 'type' | 'status', valor: string) =>
  de === 'type' ? <TipoCitaBadge tipo={valor} /> : <EstadoCitaBadge estado={valor} />;

describe('cita badges', () => {
  it.each([
    ['type', 'evaluacion', 'Evaluación', 'info'],
    ['type', 'procedimiento', 'Procedimiento', 'success'],
    ['type', 'control', 'Control', 'success'],
    ['status', 'confirmada', 'Confirmada', 'success'],
    ['status', 'pendiente', 'Pendiente', 'warning'],
    ['status', 'realizada', 'Realizada', 'primary'],
    ['status', 'cancelada', 'Cancelada', 'danger'],
    ['status', 'otra', 'Otra', 'danger'],
  ] as const)('%s %s reads %s in the %s colour', (de, valor, texto, tono) => {
    enTema(badge(de, valor));
    expect(screen.getByText(texto).closest('[data-tono]')).toHaveAttribute('data-tono', tono);
  });
});
