// Global UI state (SPEC 3, 9): sidebarShow (true by default) and the theme 'light' | 'dark' | 'auto', light while
// nothing is stored (SPEC 9: "theme light"; issue 27.4). 'auto' is a choice that follows the system preference,
// light when the system states none (issue 11.8). The theme is stored as a plain string under the key the admin
// template the spec comes from used, and Mantine's colour scheme is driven through a colorSchemeManager reading that
// key, so the scheme is applied in a layout effect before the first paint (no flash) and survives reloads. 'auto'
// follows prefers-color-scheme live.
import { useComputedColorScheme, useMantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { CLAVE_TEMA } from '@clinica/contracts/tema';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export const THEME_STORAGE_KEY = CLAVE_TEMA;
export type ThemeMode = 'light' | 'dark' | 'auto';
export const DEFAULT_THEME: ThemeMode = 'light';
export const DEFAULT_SIDEBAR_SHOW = true;

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark' || value === 'auto';
}

/** The stored theme, or the default when nothing valid is stored (or storage is unavailable). */
export function readStoredTheme(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** 'auto' resolved against the system preference right now. */
export function resolveTheme(mode: ThemeMode): 'light' | 'dark' {
  if (mode !== 'auto') return mode;
  try {
    return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Sets Mantine's scheme attribute before React renders (called from main.tsx). */
export function applyStoredColorScheme(root: HTMLElement = document.documentElement) {
  root.setAttribute('data-mantine-color-scheme', resolveTheme(readStoredTheme()));
}

/** Mantine colour scheme manager backed by THEME_STORAGE_KEY (plain string, as the admin template stored it). */
export function themeStorageManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
        return isThemeMode(stored) ? stored : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, value);
      } catch {
        // Private mode or full storage: the choice still applies to this page.
      }
    },
    // Another tab changed the theme: follow it.
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (
          event.storageArea === window.localStorage &&
          event.key === THEME_STORAGE_KEY &&
          isThemeMode(event.newValue)
        ) {
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // ignore
      }
    },
  };
}

export type UiState = {
  sidebarShow: boolean;
  setSidebarShow: (show: boolean) => void;
  toggleSidebar: () => void;
  /** What the person chose. */
  theme: ThemeMode;
  setTheme: (mode: ThemeMode) => void;
  /** What is on screen ('auto' resolved against the system preference, live). */
  resolvedTheme: 'light' | 'dark';
};

const UiStateContext = createContext<UiState | null>(null);

/** Must be rendered inside MantineProvider configured with themeStorageManager(). */
export function UiStateProvider({ children }: { children: ReactNode }) {
  const [sidebarShow, setSidebarShow] = useState(DEFAULT_SIDEBAR_SHOW);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const resolvedTheme = useComputedColorScheme(DEFAULT_THEME === 'auto' ? 'light' : DEFAULT_THEME, {
    getInitialValueInEffect: false,
  });
  const toggleSidebar = useCallback(() => setSidebarShow((v) => !v), []);
  const value = useMemo<UiState>(
    () => ({
      sidebarShow,
      setSidebarShow,
      toggleSidebar,
      theme: colorScheme,
      setTheme: setColorScheme,
      resolvedTheme,
    }),
    [sidebarShow, toggleSidebar, colorScheme, setColorScheme, resolvedTheme],
  );
  return <UiStateContext.Provider value={value}>{children}</UiStateContext.Provider>;
}

export function useUiState(): UiState {
  const ctx = useContext(UiStateContext);
  if (!ctx) throw new Error('useUiState debe usarse dentro de UiStateProvider');
  return ctx;
}
