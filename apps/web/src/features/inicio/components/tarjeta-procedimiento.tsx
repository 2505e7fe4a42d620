// A featured procedure on the home page: image (lazy), category, name, price and duration; the whole card is one
// link to /servicios/{id} (a stretched link on the name, so the accessible name is the procedure's name).
import { Badge, Group, Text } from '@mantine/core';
import { IconArrowUpRight, IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LogoMark } from '../../../components/logo.tsx';
import { formatCOP, formatDuracion } from '../../../lib/format.ts';
import { FotoProcedimiento } from '../../../components/foto-procedimiento.tsx';
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import classes from '../inicio.module.css';

export function TarjetaProcedimiento({ procedimiento: p }: { procedimiento: ProcedimientoWire }) {
  const imagen = p.imagenes[0];
  return (
    <article className={classes.tarjeta}>
      <FotoProcedimiento
        url={imagen?.url_tarjeta}
        alt={imagen?.alt || p.nombre}
        ancho={480}
        alto={360}
        sinImagen={<LogoMark size={48} />}
        className={classes.tarjetaMedia}
      />
      <div className={classes.tarjetaCuerpo}>
        <Badge variant="light" color="rosa" size="sm" className={classes.tarjetaCategoria}>
          {p.categoria.nombre}
        </Badge>
        <h3 className={classes.tarjetaTitulo}>
          <Link to={paths.servicio(p.id)} className={classes.tarjetaEnlace}>
            {p.nombre}
          </Link>
        </h3>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {p.descripcion}
        </Text>
        <Group justify="space-between" align="center" mt="auto" pt="sm" className={classes.tarjetaPie}>
          <Text fw={600} className={classes.tarjetaPrecio}>
            {formatCOP(p.precio)}
          </Text>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconClock size={16} stroke={1.6} aria-hidden="true" />
            <Text size="sm" span>
              <span className={classes.srOnly}>Duración: </span>
              {formatDuracion(p.duracion_minutos)}
            </Text>
          </Group>
        </Group>
        <IconArrowUpRight size={20} className={classes.tarjetaFlecha} aria-hidden="true" />
      </div>
    </article>
  );
}
