// Beside the cart: the count, duration and total, how to book an evaluation of these treatments (online, by
// WhatsApp or by phone), and emptying the cart after a confirmation.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconPhone, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BotonWhatsApp } from '../../../components/boton-whatsapp.tsx';
import { useCart } from '../../../lib/carrito/cart-context.tsx';
import { clinica } from '../../../lib/clinica.ts';
import { formatCOP, formatDuracion } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { enlaceWhatsApp } from '../contacto-clinica.ts';
import classes from '../carrito.module.css';
import { nombreDe } from './item-carrito.tsx';

export function ResumenCarrito({ items }: { items: CarritoItemWire[] }) {
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
          <BotonWhatsApp href={enlaceWhatsApp(items.map(nombreDe))} variant="default" />
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
