// Theme switch (SPEC 3): Claro / Oscuro / Automático as a radio group. `compact` shows icons only (the labels stay
// available to screen readers and as tooltips via title).
import { Center, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, useUiState, type ThemeMode } from './ui-state.tsx';

const OPCIONES: { value: ThemeMode; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Claro', Icon: IconSun },
  { value: 'dark', label: 'Oscuro', Icon: IconMoon },
  { value: 'auto', label: 'Automático', Icon: IconDeviceDesktop },
];

const sinSuscripcion = () => () => {};

/**
 * False while rendering on the server and while hydrating that HTML, true otherwise. The server cannot read the
 * stored theme: the switch hydrates showing the default, then shows the stored choice. (The colours themselves are
 * right from the first paint: the inline script in index.html sets them.)
 */
function useEnNavegador(): boolean {
  return useSyncExternalStore(
    sinSuscripcion,
    () => true,
    () => false,
  );
}

export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { theme: elegido, setTheme } = useUiState();
  const theme = useEnNavegador() ? elegido : DEFAULT_THEME;
  return (
    <SegmentedControl<ThemeMode>
      aria-label="Tema de color"
      size="xs"
      radius="xl"
      value={theme}
      onChange={setTheme}
      data={OPCIONES.map(({ value, label, Icon }) => ({
        value,
        label: (
          <Center style={{ gap: 6 }} title={compact ? label : undefined}>
            <Icon size={16} stroke={1.7} aria-hidden="true" />
            {compact ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
          </Center>
        ),
      }))}
    />
  );
}
