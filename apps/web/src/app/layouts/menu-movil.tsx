// The public site's phone menu (a drawer). Loaded on first use so the drawer machinery (portal, focus trap,
// scroll lock) is not part of the public pages' initial download.
import { Divider, Drawer, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { ThemeSwitch } from '../theme-switch.tsx';
import classes from './layouts.module.css';

export type MenuMovilProps = {
  opened: boolean;
  onClose: () => void;
  enlaces: { label: string; to: string }[];
  /** The account button (Iniciar sesión / Mi cuenta), rendered at the bottom. */
  cuenta: ReactNode;
};

export default function MenuMovil({ opened, onClose, enlaces, cuenta }: MenuMovilProps) {
  return (
    <Drawer
      id="menu-movil"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(86vw, 340px)"
      title={<Logo />}
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      hiddenFrom="sm"
    >
      <Stack gap="xs" component="nav" aria-label="Menú" mt="md">
        {enlaces.map((e) => (
          <NavLink key={e.to} to={e.to} className={classes.drawerLink} onClick={onClose}>
            {e.label}
          </NavLink>
        ))}
        <Divider my="sm" color="var(--clinica-borde)" />
        {cuenta}
        <Text size="xs" c="dimmed" mt="md">
          Tema
        </Text>
        <ThemeSwitch />
      </Stack>
    </Drawer>
  );
}
