// The theme gives the date pickers' arrow buttons Spanish names (axe: button-name), wherever a picker is used.
import { MantineProvider } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme', () => {
  it('names the month arrows of every date picker', () => {
    render(
      <MantineProvider theme={theme}>
        <DatePicker defaultDate="2026-11-01" minDate="2026-11-01" />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
  });
});
