// One service on /servicios: image, category, name (a link covering the card), price and duration.
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatCOP, formatDuracion } from '../../../lib/format.ts';
import { FotoProcedimiento } from '../../../components/foto-procedimiento.tsx';
import classes from '../servicios.module.css';

export function ServicioCard({ servicio, prioridad = false }: { servicio: ProcedimientoWire; prioridad?: boolean }) {
  const imagen = servicio.imagenes[0];
  return (
    <Card padding={0} className={classes.tarjeta} component="article">
      <FotoProcedimiento
        url={imagen?.url_tarjeta}
        alt={imagen?.alt || servicio.nombre}
        ancho={480}
        alto={360}
        prioridad={prioridad}
        sinImagen={<IconSparkles size={40} stroke={1.3} />}
      />
      <Stack gap={6} p="lg" style={{ flex: 1 }}>
        <Badge variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>
          {servicio.categoria.nombre}
        </Badge>
        <Title order={2} fz="h4" fw={600}>
          <Link to={paths.servicio(servicio.id)} className={classes.enlace}>
            {servicio.nombre}
          </Link>
        </Title>
        <Group justify="space-between" align="center" mt="auto" pt="xs" gap="xs">
          <Text fw={700} fz="lg" c="var(--clinica-titulo)">
            {formatCOP(servicio.precio)}
          </Text>
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              <VisuallyHidden>Duración: </VisuallyHidden>
              {formatDuracion(servicio.duracion_minutos)}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
