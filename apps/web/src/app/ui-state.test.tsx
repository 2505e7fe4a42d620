import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { controllableMatchMedia } from '../test/app-test-utils.tsx';
import { SCRIPT_TEMA } from '@clinica/contracts/tema';
import { AppProviders } from './providers.tsx';
import { ThemeSwitch } from './theme-switch.tsx';
import { readStoredTheme, resolveTheme, THEME_STORAGE_KEY, useUiState } from './ui-state.tsx';

function Probe() {
  const ui = useUiState();
  return (
    <div>
      <output data-testid="estado">
        {JSON.stringify({ sidebarShow: ui.sidebarShow, theme: ui.theme, resolved: ui.resolvedTheme })}
      </output>
      <button onClick={() => ui.setTheme('dark')}>oscuro</button>
      <button onClick={() => ui.setTheme('auto')}>auto</button>
      <button onClick={ui.toggleSidebar}>sidebar</button>
    </div>
  );
}

const estado = () => JSON.parse(screen.getByTestId('estado').textContent ?? '{}') as Record<string, unknown>;
const schemeAttr = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderProbe() {
  return render(
    <AppProviders env="test">
      <Probe />
    </AppProviders>,
  );
}

describe('global UI state (SPEC 3, 9)', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it('defaults to sidebarShow true and the light theme (SPEC 9)', () => {
    renderProbe();
    expect(estado()).toEqual({ sidebarShow: true, theme: 'light', resolved: 'light' });
    expect(schemeAttr()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('with nothing stored stays light on a dark system: following the system is the choice "auto" (issue 27.4)', () => {
    const media = controllableMatchMedia(true);
    try {
      renderProbe();
      expect(estado()).toMatchObject({ theme: 'light', resolved: 'light' });
      expect(schemeAttr()).toBe('light');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    } finally {
      media.restore();
    }
  });

  it('the switch shows "Claro" on a first visit; "Automático" then follows the dark system', async () => {
    const media = controllableMatchMedia(true);
    try {
      render(
        <AppProviders env="test">
          <ThemeSwitch />
        </AppProviders>,
      );
      expect(screen.getByRole('radio', { name: 'Claro' })).toBeChecked();
      expect(schemeAttr()).toBe('light');
      await userEvent.click(screen.getByText('Automático'));
      expect(screen.getByRole('radio', { name: 'Automático' })).toBeChecked();
      expect(schemeAttr()).toBe('dark');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('auto');
    } finally {
      media.restore();
    }
  });

  it('toggles the sidebar', async () => {
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sidebar' }));
    expect(estado().sidebarShow).toBe(false);
  });

  it('persists the theme as a plain string under the admin-template key and reads it back', async () => {
    const { unmount } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'oscuro' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(estado()).toMatchObject({ theme: 'dark', resolved: 'dark' });
    expect(schemeAttr()).toBe('dark');
    unmount();

    renderProbe();
    expect(estado()).toMatchObject({ theme: 'dark', resolved: 'dark' });
    expect(schemeAttr()).toBe('dark');
  });

  it('ignores an invalid stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '"dark"');
    renderProbe();
    expect(estado()).toMatchObject({ theme: 'light', resolved: 'light' });
  });

  it("'auto' follows the system preference live", () => {
    const media = controllableMatchMedia(false);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, 'auto');
      renderProbe();
      expect(estado()).toMatchObject({ theme: 'auto', resolved: 'light' });
      expect(schemeAttr()).toBe('light');

      act(() => media.setDark(true));
      expect(estado()).toMatchObject({ theme: 'auto', resolved: 'dark' });
      expect(schemeAttr()).toBe('dark');

      act(() => media.setDark(false));
      expect(estado().resolved).toBe('light');
      expect(schemeAttr()).toBe('light');
    } finally {
      media.restore();
    }
  });
});

describe('the pre-paint theme script (packages/contracts/src/tema.ts)', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  // What the inline script in index.html paints must be what React then renders, for every stored value and system.
  it.each([
    [null, false],
    [null, true],
    ['light', true],
    ['dark', false],
    ['auto', false],
    ['auto', true],
    ['"dark"', true],
    ['oscuro', true],
  ])('stored %s with a dark system %s: the same scheme as readStoredTheme/resolveTheme', (guardado, oscuro) => {
    const media = controllableMatchMedia(oscuro);
    try {
      if (guardado !== null) localStorage.setItem(THEME_STORAGE_KEY, guardado);
      // The exact text index.html inlines.
      new Function(SCRIPT_TEMA)();
      const esperado = resolveTheme(readStoredTheme());
      expect(schemeAttr()).toBe(esperado);
      expect(esperado).toBe(guardado === 'dark' || (guardado === 'auto' && oscuro) ? 'dark' : 'light');
    } finally {
      media.restore();
    }
  });
});
