// Dashboard layout (SPEC 2, 3): Mantine AppShell with a sidebar grouped by area and filtered by role (app/nav.ts),
// bound to the global sidebarShow on desktop; on phones and tablets (below 75em, issue 11.7) the sidebar is a drawer
// over the page, opened by the burger and closed after choosing an entry, so the content keeps the whole width.
// Header: burger, logo, theme switch and the user menu.
import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { ProveedorFechas } from '../../components/proveedor-fechas.tsx';
import { env } from '../../lib/env.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { NotificacionesProvider } from '../../lib/notificaciones/notificaciones-context.tsx';
import { CampanaNotificaciones } from '../../features/notificaciones/components/campana-notificaciones.tsx';
import { PuertaAutorizacionDatos } from '../../features/usuarios/components/puerta-autorizacion-datos.tsx';
import { buildNav } from '../nav.ts';
import { paths } from '../../lib/paths.ts';
import { ThemeSwitch } from '../theme-switch.tsx';
import { useUiState } from '../ui-state.tsx';
import classes from './layouts.module.css';
import { NavigationProgress } from './navigation-progress.tsx';

const NAVBAR_BREAKPOINT = 'lg';

function isActive(pathname: string, to: string): boolean {
  if (to === paths.dashboard) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

function UserMenu() {
  const { userId } = useAuth();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label="Menú de la cuenta">
          <Avatar radius="xl" size={34} color="rosa" variant="light" aria-hidden="true">
            <IconUserCircle size={22} stroke={1.6} />
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="sm">
            Mi cuenta
          </Text>
          <IconChevronDown size={14} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {userId !== null ? (
          <Menu.Item
            component={Link}
            to={paths.editarUsuario(userId)}
            leftSection={<IconUserCircle size={16} aria-hidden="true" />}
          >
            Mi perfil
          </Menu.Item>
        ) : (
          <Menu.Item disabled leftSection={<IconUserCircle size={16} aria-hidden="true" />}>
            Mi perfil
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.cerrarSesionDashboard}
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
        >
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function DashboardShell() {
  const { sidebarShow, toggleSidebar } = useUiState();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const { userRole, userId } = useAuth();
  const { pathname } = useLocation();
  const grupos = buildNav(userRole, userId);
  const opened = isDesktop ? sidebarShow : mobileOpened;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: 264,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { desktop: !sidebarShow, mobile: !mobileOpened },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a href="#contenido" className={classes.skipLink}>
        Saltar al contenido
      </a>
      <NavigationProgress />
      <AppShell.Header className={classes.dashHeader}>
        {isDesktop ? (
          // Desktop: a sidebar toggle (an 'X' would read as "close the app").
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            onClick={toggleSidebar}
            aria-label={opened ? 'Ocultar menú lateral' : 'Mostrar menú lateral'}
            aria-expanded={opened}
            aria-controls="menu-lateral"
          >
            {opened ? (
              <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} aria-hidden="true" />
            ) : (
              <IconLayoutSidebarLeftExpand size={22} stroke={1.6} aria-hidden="true" />
            )}
          </ActionIcon>
        ) : (
          <Burger
            opened={opened}
            onClick={toggleMobile}
            size="sm"
            aria-label={opened ? 'Ocultar menú lateral' : 'Mostrar menú lateral'}
            aria-expanded={opened}
            aria-controls="menu-lateral"
          />
        )}
        <Anchor
          component={Link}
          to={paths.dashboard}
          underline="never"
          className={classes.brandLink}
          aria-label={`${env.clinicaNombre}, panel`}
        >
          <Logo />
        </Anchor>
        <Group gap="sm" ml="auto" wrap="nowrap">
          <Box visibleFrom="sm">
            <ThemeSwitch compact />
          </Box>
          <CampanaNotificaciones />
          <UserMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="menu-lateral" className={classes.dashNavbar} aria-label="Menú lateral">
        <AppShell.Section grow component={ScrollArea} px="sm" py="xs">
          <nav aria-label="Secciones del panel">
            {grupos.map((grupo, i) => (
              <div
                key={grupo.label ?? `grupo-${i}`}
                role="group"
                aria-labelledby={grupo.label ? `nav-grupo-${i}` : undefined}
              >
                {grupo.label && (
                  <Text id={`nav-grupo-${i}`} className={classes.navGroupLabel}>
                    {grupo.label}
                  </Text>
                )}
                {!grupo.label && i > 0 && <Box h="md" />}
                <Stack gap={2}>
                  {grupo.items.map((item) => {
                    const active = isActive(pathname, item.to);
                    return (
                      <NavLink
                        key={item.to}
                        component={Link}
                        to={item.to}
                        label={item.label}
                        leftSection={<item.icon size={19} stroke={1.6} aria-hidden="true" />}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        variant="light"
                        className={classes.navItem}
                        onClick={closeMobile}
                      />
                    );
                  })}
                </Stack>
              </div>
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section p="md" hiddenFrom="sm">
          <Text size="xs" c="dimmed" mb={6}>
            Tema
          </Text>
          <ThemeSwitch />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="contenido" tabIndex={-1} className={classes.dashMain} style={{ outline: 'none' }}>
        <Box maw={1280} mx="auto">
          <ProveedorFechas>
            <Outlet />
          </ProveedorFechas>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The notifications live with the dashboard: their code and socket.io stay out of the public pages' download.
 * A patient who has not authorised the processing of her data accepts it before any of it (Ley 1581, issue 21.4).
 */
export default function DashboardLayout() {
  return (
    <PuertaAutorizacionDatos>
      <NotificacionesProvider>
        <DashboardShell />
      </NotificacionesProvider>
    </PuertaAutorizacionDatos>
  );
}
