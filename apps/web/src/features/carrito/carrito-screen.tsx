// /carrito: the treatments the signed-in person picked, their total in COP, remove and clear (with
// confirmation), and the way forward: book an evaluation of them online (/crearcita, issue 8), or reach the
// clinic by WhatsApp or phone.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconBrandWhatsapp,
  IconCalendarPlus,
  IconClock,
  IconPhone,
  IconShoppingBag,
  IconSparkles,
  IconStethoscope,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { formatCOP, formatDuracion } from '../../lib/format.ts';
import { useCart } from '../../lib/carrito/cart-context.tsx';
import { clinica } from '../../lib/clinica.ts';
import { enlaceWhatsApp } from './contacto-clinica.ts';
import classes from './carrito.module.css';
import { mediaUrl } from '../../lib/media.ts';
import { ErrorCarrito } from '../../components/error-carrito.tsx';
import { BotonEnlace } from '../../components/boton-enlace.tsx';

const nombreDe = (item: CarritoItemWire) => item.procedimiento?.nombre ?? `Tratamiento ${item.id_procedimiento}`;

function ItemCarrito({ item }: { item: CarritoItemWire }) {
  const { removeFromCart } = useCart();
  const [quitando, setQuitando] = useState(false);
  const p = item.procedimiento;
  const nombre = nombreDe(item);
  const imagen = p?.imagenes?.[0];

  const quitar = async () => {
    setQuitando(true);
    const ok = await removeFromCart(item.id);
    if (!ok) {
      setQuitando(false);
      notifications.show({
        color: 'red',
        title: 'No pudimos quitarlo',
        message: `${nombre} sigue en tu carrito. Inténtalo de nuevo en unos segundos.`,
      });
      return;
    }
    notifications.show({ color: 'green', message: `Quitamos ${nombre} de tu carrito.` });
  };

  return (
    <Paper withBorder p="md" component="li" className={classes.item}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <div className={classes.miniatura}>
          {imagen ? (
            <img
              src={mediaUrl(imagen.url_tarjeta)}
              alt={imagen.alt || nombre}
              width={120}
              height={90}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <div className={classes.sinImagen} aria-hidden="true">
              <IconSparkles size={28} stroke={1.4} />
            </div>
          )}
        </div>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {p?.categoria && (
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
              {p.categoria.nombre}
            </Text>
          )}
          <Anchor
            component={Link}
            to={paths.servicio(item.id_procedimiento)}
            fw={600}
            c="var(--clinica-titulo)"
            lh={1.3}
          >
            {nombre}
          </Anchor>
          <Group gap="xs" mt={2}>
            {p && (
              <Group gap={4} wrap="nowrap">
                <IconClock size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed">
                  {formatDuracion(p.duracion_minutos)}
                </Text>
              </Group>
            )}
            {p?.requiere_evaluacion && (
              <Badge
                color="blue"
                variant="light"
                size="sm"
                style={{ minWidth: 'max-content' }}
                leftSection={<IconStethoscope size={12} aria-hidden="true" />}
              >
                Requiere valoración
              </Badge>
            )}
          </Group>
          <Group justify="space-between" align="center" mt={4} wrap="nowrap">
            <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
              {p ? formatCOP(p.precio) : '—'}
            </Text>
            <Tooltip label="Quitar del carrito">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Quitar ${nombre} del carrito`}
                loading={quitando}
                onClick={() => void quitar()}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function Resumen({ items }: { items: CarritoItemWire[] }) {
  const { clearCart } = useCart();
  const total = items.reduce((sum, i) => sum + (i.procedimiento?.precio ?? 0), 0);
  const minutos = items.reduce((sum, i) => sum + (i.procedimiento?.duracion_minutos ?? 0), 0);
  const conValoracion = items.filter((i) => i.procedimiento?.requiere_evaluacion).length;
  const cantidad = items.length === 1 ? '1 tratamiento' : `${items.length} tratamientos`;

  const vaciarConfirmado = async () => {
    const ok = await clearCart();
    notifications.show(
      ok
        ? { color: 'green', message: 'Tu carrito quedó vacío.' }
        : {
            color: 'red',
            title: 'No pudimos vaciar tu carrito',
            message: 'Tus tratamientos siguen ahí. Inténtalo de nuevo.',
          },
    );
  };

  const vaciar = () =>
    modals.openConfirmModal({
      title: '¿Vaciar tu carrito?',
      children: (
        <Text size="sm">
          Se quitarán {items.length === 1 ? 'el tratamiento' : `los ${items.length} tratamientos`} de tu carrito. Podrás
          volver a agregarlos desde Servicios.
        </Text>
      ),
      labels: { confirm: 'Vaciar carrito', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => void vaciarConfirmado(),
    });

  return (
    <Stack gap="md" className={classes.resumen}>
      <Paper withBorder p="lg" bg="var(--clinica-superficie)">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Resumen
          </Title>
          <Group justify="space-between">
            <Text c="dimmed">{cantidad}</Text>
            <Text c="dimmed">{formatDuracion(minutos)} en total</Text>
          </Group>
          <Divider />
          <Group justify="space-between" align="baseline">
            <Text fw={600}>Total</Text>
            <Text fz={26} fw={700} c="var(--clinica-titulo)" data-testid="total-carrito">
              {formatCOP(total)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            Precios en pesos colombianos. El valor final lo confirma la clínica al agendar.
          </Text>
          {conValoracion > 0 && (
            <Text size="sm">
              {conValoracion === 1
                ? 'Uno de tus tratamientos requiere una valoración médica previa.'
                : `${conValoracion} de tus tratamientos requieren una valoración médica previa.`}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="lg" bg="var(--clinica-acento-suave)" component="section" aria-labelledby="agendar-titulo">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="agendar-titulo">
            ¿Cómo agendar?
          </Title>
          <Text>Agenda una valoración: el doctor revisará contigo estos tratamientos.</Text>
          <Button
            component={Link}
            to={paths.crearCita}
            size="md"
            leftSection={<IconCalendarPlus size={20} aria-hidden="true" />}
          >
            Agendar valoración
          </Button>
          <Text size="sm" c="dimmed">
            ¿Prefieres hablar con alguien? Escríbenos o llámanos.
          </Text>
          <Button
            component="a"
            href={enlaceWhatsApp(items.map(nombreDe))}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconBrandWhatsapp size={20} aria-hidden="true" />}
          >
            Escribir por WhatsApp
          </Button>
          <Button
            component="a"
            href={clinica.telefonoHref}
            variant="default"
            leftSection={<IconPhone size={18} aria-hidden="true" />}
          >
            Llamar al {clinica.telefono}
          </Button>
          <Text size="sm" c="dimmed">
            WhatsApp {clinica.whatsapp} · {clinica.horario.map((h) => `${h.dias}: ${h.horas}`).join(' · ')}
          </Text>
        </Stack>
      </Paper>

      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={vaciar}>
        Vaciar carrito
      </Button>
    </Stack>
  );
}

export function CarritoScreen() {
  usePageMeta({ title: 'Tu carrito', description: 'Los tratamientos que elegiste y cómo agendarlos con la clínica.' });
  const { items, status } = useCart();

  let contenido;
  if (status === 'loading') {
    contenido = <SkeletonTabla filas={3} columnas={3} etiqueta="Cargando tu carrito…" />;
  } else if (status === 'idle') {
    // A stored token that is no longer valid: the cart needs a fresh sign-in.
    contenido = (
      <EstadoVacio
        icono={<IconShoppingBag size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Inicia sesión para ver tu carrito"
        descripcion="Tu sesión terminó. Vuelve a iniciar sesión y encontrarás aquí los tratamientos que elegiste."
        accion={
          <Button
            component={Link}
            to={paths.iniciarSesion}
            state={{ from: { pathname: paths.carrito, search: '', hash: '' } }}
          >
            Iniciar sesión
          </Button>
        }
      />
    );
  } else if (status === 'error') {
    contenido = <ErrorCarrito mensaje="Revisa tu conexión e inténtalo de nuevo." />;
  } else if (items.length === 0) {
    contenido = (
      <EstadoVacio
        icono={<IconShoppingBag size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Tu carrito está vacío"
        descripcion="Explora los tratamientos de la clínica y agrega los que te interesen."
        accion={<BotonEnlace a={paths.servicios}>Ver servicios</BotonEnlace>}
      />
    );
  } else {
    contenido = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="sm" component="ul" className={classes.lista} aria-label="Tratamientos en tu carrito">
            {items.map((item) => (
              <ItemCarrito key={item.id} item={item} />
            ))}
          </Stack>
          <Anchor component={Link} to={paths.servicios} size="sm" mt="md" display="inline-block">
            Seguir explorando servicios
          </Anchor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Resumen items={items} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Tu carrito"
        description="Los tratamientos que te interesan, listos para agendar con la clínica."
      />
      {contenido}
    </Stack>
  );
}

export default CarritoScreen;
