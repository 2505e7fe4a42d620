// One treatment of the cart: its picture, category, name (a link to its page), duration, whether it needs an
// evaluation, price, and the button that removes it.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconSparkles, IconStethoscope, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FotoProcedimiento } from '../../../components/foto-procedimiento.tsx';
import { useCart } from '../../../lib/carrito/cart-context.tsx';
import { formatCOP, formatDuracion } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import classes from '../carrito.module.css';
import { AccionIcono } from '../../../components/accion-icono.tsx';

export const nombreDe = (item: CarritoItemWire) => item.procedimiento?.nombre ?? `Tratamiento ${item.id_procedimiento}`;

export function ItemCarrito({ item }: { item: CarritoItemWire }) {
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
        <FotoProcedimiento
          url={imagen?.url_tarjeta}
          alt={imagen?.alt || nombre}
          ancho={120}
          alto={90}
          sinImagen={<IconSparkles size={28} stroke={1.4} />}
          className={classes.miniatura}
        />
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
            <AccionIcono
              tooltip="Quitar del carrito"
              etiqueta={`Quitar ${nombre} del carrito`}
              icono={IconTrash}
              color="red"
              loading={quitando}
              onClick={() => void quitar()}
            />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
