// Shared body of /404 and /500: a large code, a warm explanation and ways forward. It adapts to the layout it
// renders in (decision 0002): signed-in people are offered the panel, visitors the home page and services.
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome, IconLayoutDashboard, IconSparkles, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { hasStoredToken } from '../../app/guards.tsx';
import classes from './errores.module.css';

type Props = {
  codigo: string;
  titulo: string;
  children: ReactNode;
  /** Extra action shown first (e.g. 'Reintentar'). */
  accion?: ReactNode;
};

/** A way forward: the main one filled, the others plain. */
function Salida({ to, icono: Icono, principal = false, children }: SalidaProps) {
  return (
    <Button
      component={Link}
      to={to}
      variant={principal ? 'filled' : 'default'}
      leftSection={<Icono size={18} aria-hidden="true" />}
    >
      {children}
    </Button>
  );
}

type SalidaProps = { to: string; icono: Icon; principal?: boolean; children: ReactNode };

export function PaginaError({ codigo, titulo, children, accion }: Props) {
  const enPanel = hasStoredToken();
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="lg">
        <div className={classes.codigo} aria-hidden="true">
          <svg viewBox="0 0 200 120" className={classes.arco}>
            <path d="M30 120V80a70 70 0 0 1 140 0v40" />
          </svg>
          <span>{codigo}</span>
        </div>
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        <Text c="dimmed" size="lg" maw={520}>
          {children}
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          {accion}
          {enPanel ? (
            <Salida to={paths.dashboard} icono={IconLayoutDashboard} principal>
              Ir al panel
            </Salida>
          ) : (
            <Salida to={paths.inicio} icono={IconHome} principal>
              Ir al inicio
            </Salida>
          )}
          {enPanel ? (
            !accion && (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
                onClick={() => window.history.back()}
              >
                Volver atrás
              </Button>
            )
          ) : (
            <Salida to={paths.servicios} icono={IconSparkles}>
              Ver servicios
            </Salida>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
