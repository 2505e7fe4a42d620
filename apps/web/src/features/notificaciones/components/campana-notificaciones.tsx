// The bell in the dashboard header (issue 10): the unread count in its accessible name and on a badge, and a
// dropdown with the feed. A click on a notification opens its route and marks it read; "Marcar todas como leídas"
// and "Archivar leídas" act on the whole feed (archived ones stay in the history). Failures are only logged by
// the context (SPEC 8); a successful archive is confirmed with a toast.
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListaNotificaciones } from '../../../lib/notificaciones/lista-notificaciones.tsx';
import { useNotificaciones } from '../../../lib/notificaciones/notificaciones-context.tsx';

/** "Notificaciones, 3 sin leer". */
export function nombreCampana(noLeidas: number): string {
  return noLeidas > 0 ? `Notificaciones, ${noLeidas} sin leer` : 'Notificaciones, ninguna sin leer';
}

/** Announces a notification that arrives while the page is open (screen readers). */
function useAnuncioNueva() {
  const { notificaciones, cargando } = useNotificaciones();
  const [anuncio, setAnuncio] = useState('');
  const ultima = useRef<number | null | undefined>(undefined);
  const primera = notificaciones[0];
  useEffect(() => {
    if (cargando) return;
    const id = primera?.id ?? null;
    // The first list after loading is not news; a new unread one at the front is.
    if (ultima.current !== undefined && id !== null && id !== ultima.current && primera && !primera.leida) {
      setAnuncio(`Nueva notificación: ${primera.mensaje}`);
    }
    ultima.current = id;
  }, [primera, cargando]);
  return anuncio;
}

export function CampanaNotificaciones() {
  const { notificaciones, noLeidas, cargando, rutaHistorial, marcarTodasLeidas, archivarLeidas } = useNotificaciones();
  const [abierta, { toggle, close }] = useDisclosure(false);
  const [ocupado, setOcupado] = useState<'todas' | 'archivar' | null>(null);
  const anuncio = useAnuncioNueva();
  const hayLeidas = notificaciones.some((n) => n.leida);

  const alMarcarTodas = async () => {
    setOcupado('todas');
    await marcarTodasLeidas();
    setOcupado(null);
  };
  const alArchivar = async () => {
    setOcupado('archivar');
    const archivadas = await archivarLeidas();
    setOcupado(null);
    if (archivadas !== null) {
      notifications.show({
        color: 'green',
        title: 'Notificaciones archivadas',
        message:
          archivadas === 0
            ? 'No había notificaciones leídas para archivar.'
            : archivadas === 1
              ? 'Archivamos 1 notificación leída. La encuentras en el historial.'
              : `Archivamos ${archivadas} notificaciones leídas. Las encuentras en el historial.`,
      });
    }
  };

  let cuerpo;
  if (cargando && notificaciones.length === 0) {
    cuerpo = (
      <Group justify="center" py="lg" role="status" aria-label="Cargando notificaciones">
        <Loader size="sm" />
      </Group>
    );
  } else if (notificaciones.length === 0) {
    cuerpo = (
      <Stack align="center" gap={6} py="lg" px="md">
        <IconBellOff size={26} stroke={1.5} aria-hidden="true" color="var(--mantine-color-dimmed)" />
        <Text size="sm" fw={600}>
          No tienes notificaciones nuevas
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          Aquí verás los avisos de tus citas en cuanto ocurran.
        </Text>
      </Stack>
    );
  } else {
    cuerpo = (
      <ScrollArea.Autosize mah="min(26rem, 60dvh)" type="auto" offsetScrollbars>
        <ListaNotificaciones notificaciones={notificaciones} alAbrir={close} etiqueta="Notificaciones recientes" />
      </ScrollArea.Autosize>
    );
  }

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {anuncio}
      </VisuallyHidden>
      <Indicator
        label={<span aria-hidden="true">{noLeidas > 99 ? '99+' : noLeidas}</span>}
        size={18}
        offset={6}
        disabled={noLeidas === 0}
        color="rosa.7"
        withBorder
        inline
      >
        <Popover
          opened={abierta}
          onChange={(o) => !o && close()}
          position="bottom-end"
          width="min(24rem, calc(100vw - 1.5rem))"
          shadow="md"
          withinPortal
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              onClick={toggle}
              aria-label={nombreCampana(noLeidas)}
            >
              <IconBell size={22} stroke={1.6} aria-hidden="true" />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs">
            <Stack gap="xs">
              <Group justify="space-between" px={6} pt={4} wrap="nowrap">
                <Text fw={600}>Notificaciones</Text>
                <Text size="xs" c="dimmed">
                  {noLeidas === 0 ? 'Todo al día' : noLeidas === 1 ? '1 sin leer' : `${noLeidas} sin leer`}
                </Text>
              </Group>
              {cuerpo}
              <Group gap={6} px={4} wrap="wrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconChecks size={16} aria-hidden="true" />}
                  onClick={() => void alMarcarTodas()}
                  loading={ocupado === 'todas'}
                  disabled={noLeidas === 0 || ocupado !== null}
                >
                  Marcar todas como leídas
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconArchive size={16} aria-hidden="true" />}
                  onClick={() => void alArchivar()}
                  loading={ocupado === 'archivar'}
                  disabled={!hayLeidas || ocupado !== null}
                >
                  Archivar leídas
                </Button>
              </Group>
              <Anchor component={Link} to={rutaHistorial} onClick={close} size="sm" fw={600} px={6} pb={4}>
                Ver el historial
              </Anchor>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
    </>
  );
}
