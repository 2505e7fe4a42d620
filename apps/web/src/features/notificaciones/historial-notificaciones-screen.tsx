// /historial-notificaciones (doctors) and /notificaciones/usuario/historial (everyone else): every notification of
// the person's own feed, archived ones included, newest first, with dates in the clinic's zone. Filters by state;
// each one opens its appointment. SPEC 8: a failed load is only logged and the history is then an empty list, so
// the empty state offers to load again. A person on the other feed's path is sent to their own.
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBellOff, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import type { Notificacion } from '../../lib/notificaciones/notificaciones-api.ts';
import { useNotificaciones } from '../../lib/notificaciones/notificaciones-context.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import classes from './historial.module.css';

type Filtro = 'todas' | 'sin-leer' | 'leidas' | 'archivadas';

const FILTROS: { value: Filtro; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'sin-leer', label: 'Sin leer' },
  { value: 'leidas', label: 'Leídas' },
  { value: 'archivadas', label: 'Archivadas' },
];

const cumple: Record<Filtro, (n: Notificacion) => boolean> = {
  todas: () => true,
  'sin-leer': (n) => !n.leida,
  leidas: (n) => n.leida && !n.archivada,
  archivadas: (n) => n.archivada,
};

const vacioPorFiltro: Record<Exclude<Filtro, 'todas'>, string> = {
  'sin-leer': 'No tienes notificaciones sin leer.',
  leidas: 'No hay notificaciones leídas sin archivar.',
  archivadas: 'Aún no has archivado notificaciones.',
};

function EstadoNotificacion({ n }: { n: Notificacion }) {
  // Text says the state; the colour only helps (DESIGN: status not by colour alone).
  if (n.archivada)
    return (
      <Badge variant="default" className={classes.badge}>
        Archivada
      </Badge>
    );
  if (!n.leida)
    return (
      <Badge variant="filled" color="rosa.7" className={classes.badge}>
        Sin leer
      </Badge>
    );
  return (
    <Badge variant="default" className={classes.badge}>
      Leída
    </Badge>
  );
}

function Fila({ n, alAbrir }: { n: Notificacion; alAbrir: (n: Notificacion) => void }) {
  return (
    <li className={classes.fila} data-leida={n.leida || undefined}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={n.leida ? 400 : 600} className={classes.mensaje}>
            {n.mensaje}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              <VisuallyHidden>Recibida el </VisuallyHidden>
              {formatFechaHora(n.creada_en)}
            </Text>
            <EstadoNotificacion n={n} />
          </Group>
        </Stack>
        {n.ruta && (
          <Button
            component={Link}
            to={n.ruta}
            onClick={() => alAbrir(n)}
            variant="light"
            size="xs"
            aria-label={`Ver la cita: ${n.mensaje}`}
          >
            Ver la cita
          </Button>
        )}
      </Group>
    </li>
  );
}

export default function HistorialNotificacionesScreen() {
  usePageMeta({ title: 'Historial de notificaciones' });
  const { pathname } = useLocation();
  const { userId } = useAuth();
  const { obtenerHistorial, rutaHistorial, esDoctor, notificaciones, marcarLeida } = useNotificaciones();
  const [filtro, setFiltro] = useState<Filtro>('todas');
  // A new live notification (or a reload of the feed) brings the history up to date.
  const masReciente = notificaciones[0]?.id ?? null;
  const historial = useQuery({
    queryKey: ['notificaciones', 'historial', esDoctor ? 'doctor' : 'usuario', userId, masReciente],
    queryFn: obtenerHistorial,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  if (pathname !== rutaHistorial) return <Navigate to={rutaHistorial} replace />;

  const todas = historial.data ?? [];
  const visibles = todas.filter(cumple[filtro]);
  const alAbrir = (n: Notificacion) => {
    if (!n.leida) void marcarLeida(n.id);
  };

  let cuerpo;
  if (historial.isPending) {
    cuerpo = (
      <Stack gap="sm" role="status" aria-label="Cargando el historial">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={64} radius="md" aria-hidden="true" />
        ))}
      </Stack>
    );
  } else if (todas.length === 0) {
    cuerpo = (
      <EstadoVacio
        icono={<IconBellOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo="No hay notificaciones para mostrar"
        descripcion={
          esDoctor
            ? 'Cuando te agenden una cita o un paciente cambie la suya, lo verás aquí.'
            : 'Cuando tu cita se agende, se confirme o cambie, lo verás aquí.'
        }
        accion={
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
            loading={historial.isFetching}
            onClick={() => void historial.refetch()}
          >
            Volver a cargar
          </Button>
        }
      />
    );
  } else if (visibles.length === 0) {
    cuerpo = (
      <EstadoVacio
        icono={<IconBellOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo={vacioPorFiltro[filtro as Exclude<Filtro, 'todas'>]}
        accion={
          <Button variant="subtle" onClick={() => setFiltro('todas')}>
            Ver todas
          </Button>
        }
      />
    );
  } else {
    cuerpo = (
      <Stack component="ul" gap={0} p={0} m={0} className={classes.lista} aria-label="Notificaciones">
        {visibles.map((n) => (
          <Fila key={n.id} n={n} alAbrir={alAbrir} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Notificaciones"
        title="Historial de notificaciones"
        description="Todos tus avisos, también los que archivaste. Abre uno para ver su cita."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SegmentedControl<Filtro>
              value={filtro}
              onChange={setFiltro}
              data={FILTROS}
              aria-label="Filtrar por estado"
              className={classes.filtros}
            />
            {historial.data && todas.length > 0 && (
              <Text size="sm" c="dimmed" role="status">
                {visibles.length === 1 ? '1 notificación' : `${visibles.length} notificaciones`}
              </Text>
            )}
          </Group>
          {cuerpo}
        </Stack>
      </Paper>
    </>
  );
}
