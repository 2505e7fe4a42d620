// Public layout (SPEC 2): header with logo, Inicio, Servicios, cart badge and Iniciar sesión / Mi cuenta; a drawer
// menu on phones; footer with the clinic's contact, hours and the terms link.
// Screens are wrapped in a centred container unless their route declares `handle: { fullBleed: true }` (the home
// page draws its own full-width bands).
import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Indicator,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandWhatsapp,
  IconClock,
  IconLogin2,
  IconMail,
  IconMapPin,
  IconPhone,
  IconShoppingBag,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useMatches } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useCart } from '../../lib/carrito/cart-context.tsx';
import { clinica } from '../../lib/clinica.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { paths } from '../../lib/paths.ts';
import { ThemeSwitch } from '../theme-switch.tsx';
import classes from './layouts.module.css';
import { NavigationProgress } from './navigation-progress.tsx';

const MenuMovil = lazy(() => import('./menu-movil.tsx'));

export type PublicRouteHandle = { fullBleed?: boolean };

const enlaces = [
  { label: 'Inicio', to: paths.inicio },
  { label: 'Servicios', to: paths.servicios },
];

/** 'Carrito, 2 tratamientos' — the count is part of the accessible name, not only a visual badge. */
export function cartLabel(count: number): string {
  if (count <= 0) return 'Carrito, sin tratamientos';
  return `Carrito, ${count} ${count === 1 ? 'tratamiento' : 'tratamientos'}`;
}

function CartButton() {
  const { count } = useCart();
  return (
    <Indicator
      label={<span aria-hidden="true">{count > 99 ? '99+' : count}</span>}
      size={18}
      offset={4}
      disabled={count <= 0}
      color="rosa"
      withBorder
    >
      <UnstyledButton component={Link} to={paths.carrito} className={classes.iconButton} aria-label={cartLabel(count)}>
        <IconShoppingBag size={22} stroke={1.6} aria-hidden="true" />
      </UnstyledButton>
    </Indicator>
  );
}

function AccountButton({ fullWidth = false, onNavigate }: { fullWidth?: boolean; onNavigate?: () => void }) {
  const { isAuthenticated } = useAuth();
  const cuenta = isAuthenticated
    ? { to: paths.dashboard, texto: 'Mi cuenta', Icono: IconUserCircle, variant: 'filled' }
    : { to: paths.iniciarSesion, texto: 'Iniciar sesión', Icono: IconLogin2, variant: 'default' };
  return (
    <Button
      component={Link}
      to={cuenta.to}
      onClick={onNavigate}
      variant={cuenta.variant}
      fullWidth={fullWidth}
      leftSection={<cuenta.Icono size={18} aria-hidden="true" />}
    >
      {cuenta.texto}
    </Button>
  );
}

/** A column of the footer, named by its title. */
function ColumnaPie({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Text id={id} className={classes.footerTitle}>
        {titulo}
      </Text>
      {children}
    </Stack>
  );
}

/** One line of the footer's contact column: its icon and the link. */
function DatoPie({ icono: Icono, children }: { icono: Icon; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Icono size={18} className={classes.footerIcon} aria-hidden="true" />
      {children}
    </Group>
  );
}

function Footer() {
  const anio = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={{ base: 48, sm: 64 }}>
        <div className={classes.footerGrid}>
          <Stack gap="md" maw={320}>
            <Logo />
            <Text size="sm" c="dimmed">
              Medicina estética con criterio médico: valoración honesta, tratamientos seguros y un acompañamiento
              cercano antes y después de cada sesión.
            </Text>
          </Stack>

          <ColumnaPie id="pie-contacto" titulo="Contacto">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={18} className={classes.footerIcon} aria-hidden="true" />
              <Text size="sm" component="address" fs="normal">
                {clinica.direccion}
                <br />
                {clinica.barrio}
              </Text>
            </Group>
            <DatoPie icono={IconPhone}>
              <Anchor size="sm" href={clinica.telefonoHref} c="inherit">
                {clinica.telefono}
              </Anchor>
            </DatoPie>
            <DatoPie icono={IconBrandWhatsapp}>
              <Anchor size="sm" href={clinica.whatsappHref} target="_blank" rel="noopener noreferrer" c="inherit">
                WhatsApp {clinica.whatsapp}
              </Anchor>
            </DatoPie>
            <DatoPie icono={IconMail}>
              <Anchor size="sm" href={`mailto:${clinica.correo}`} c="inherit">
                {clinica.correo}
              </Anchor>
            </DatoPie>
          </ColumnaPie>

          <ColumnaPie id="pie-horario" titulo="Horario">
            {clinica.horario.map((h) => (
              <Group key={h.dias} gap="xs" wrap="nowrap" align="flex-start">
                <IconClock size={18} className={classes.footerIcon} aria-hidden="true" />
                <Text size="sm">
                  {h.dias}
                  <br />
                  <Text span c="dimmed" size="sm">
                    {h.horas}
                  </Text>
                </Text>
              </Group>
            ))}
          </ColumnaPie>

          <Stack gap="sm" component="nav" aria-label="Enlaces del pie de página">
            <Text className={classes.footerTitle}>La clínica</Text>
            <Anchor component={Link} to={paths.servicios} size="sm" c="inherit">
              Servicios
            </Anchor>
            <Anchor component={Link} to={paths.registrar} size="sm" c="inherit">
              Crear una cuenta
            </Anchor>
            <Anchor component={Link} to={paths.terminos} size="sm" c="inherit">
              Términos y condiciones
            </Anchor>
          </Stack>
        </div>

        <Divider my="xl" color="var(--clinica-borde)" />
        <Group justify="space-between" gap="md">
          <Text size="xs" c="dimmed">
            © {anio} {clinica.nombre}. Todos los derechos reservados.
          </Text>
          <ThemeSwitch />
        </Group>
      </Container>
    </footer>
  );
}

export default function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code is fetched the first time the menu opens, then kept mounted for its closing transition.
  const [menuCargado, setMenuCargado] = useState(false);
  const abrirOCerrar = () => {
    setMenuCargado(true);
    toggle();
  };
  const matches = useMatches();
  const fullBleed = matches.some((m) => (m.handle as PublicRouteHandle | undefined)?.fullBleed);

  return (
    <div className={classes.publicRoot}>
      <a href="#contenido" className={classes.skipLink}>
        Saltar al contenido
      </a>
      <NavigationProgress />
      <header className={classes.publicHeader}>
        <Container size="lg" className={classes.publicHeaderInner}>
          <Anchor
            component={Link}
            to={paths.inicio}
            underline="never"
            className={classes.brandLink}
            aria-label={`${clinica.nombre}, página de inicio`}
          >
            <Logo />
          </Anchor>

          <nav aria-label="Principal" className={classes.desktopNav}>
            {enlaces.map((e) => (
              <NavLink key={e.to} to={e.to} className={classes.navLink}>
                {e.label}
              </NavLink>
            ))}
          </nav>

          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="sm">
              <ThemeSwitch compact />
            </Box>
            <CartButton />
            <Box visibleFrom="sm">
              <AccountButton />
            </Box>
            <Burger
              hiddenFrom="sm"
              opened={opened}
              onClick={abrirOCerrar}
              onPointerEnter={() => void import('./menu-movil.tsx')}
              size="sm"
              aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
              aria-expanded={opened}
              aria-controls="menu-movil"
            />
          </Group>
        </Container>
      </header>

      {menuCargado && (
        <Suspense fallback={null}>
          <MenuMovil
            opened={opened}
            onClose={close}
            enlaces={[...enlaces, { label: 'Mi carrito', to: paths.carrito }]}
            cuenta={<AccountButton fullWidth onNavigate={close} />}
          />
        </Suspense>
      )}

      <main id="contenido" tabIndex={-1} className={classes.publicMain}>
        {fullBleed ? (
          <Outlet />
        ) : (
          <Container size="lg" py={{ base: 'xl', sm: 48 }}>
            <Outlet />
          </Container>
        )}
      </main>
      <Footer />
    </div>
  );
}
