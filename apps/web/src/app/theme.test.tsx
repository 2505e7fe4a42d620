// The theme gives the date pickers' arrow buttons Spanish names (axe: button-name), wherever a picker is used, and
// disabled controls a fill of their own on the dark cards.
import { DEFAULT_THEME, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

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

  it('gives disabled controls in the dark scheme a fill other than the cards they sit on', () => {
    const { dark } = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(dark['--mantine-color-disabled']).toBeDefined();
    expect(dark['--mantine-color-disabled']).not.toBe(dark['--clinica-superficie']);
    expect(dark['--mantine-color-disabled']).not.toBe(dark['--mantine-color-body']);
  });
});
