// Table of procedures shared by the procedure list and a category's details: thumbnail, name, category,
// price, duration, state, and actions (details, edit, delete with confirmation).
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { MENSAJE_PROCEDIMIENTO_DESACTIVADO } from '@clinica/contracts/catalogo';
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPhoto } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { TablaDeFilas } from '../../../components/tabla-de-filas.tsx';
import { formatCOP, formatDuracion } from '../../../lib/format.ts';
import { useEliminarProcedimiento } from '../../../lib/api/procedimientos/eliminar-procedimiento.ts';
import classes from '../catalogo.module.css';
import { avisarError } from '../form-errors.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { seleccionarProcedimiento } from '../procedimiento-seleccionado.ts';
import { AccionesFila } from './acciones-fila.tsx';
import { EstadoBadge } from './estado-badge.tsx';

function Acciones({ p }: { p: ProcedimientoWire }) {
  const navigate = useNavigate();
  const eliminar = useEliminarProcedimiento();
  const verDetalles = () => {
    seleccionarProcedimiento(p.id);
    void navigate(`${paths.detallesProcedimientos}?id=${p.id}`);
  };
  return (
    <AccionesFila
      nombre={p.nombre}
      ver={
        <ActionIcon variant="subtle" aria-label={`Ver detalles de ${p.nombre}`} onClick={verDetalles}>
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      }
      editarA={paths.editarProcedimiento(p.id)}
      eliminando={eliminar.isPending}
      confirmacion={{
        titulo: `¿Eliminar «${p.nombre}»?`,
        cuerpo: (
          <Text size="sm">
            Se eliminará el procedimiento con sus imágenes. Si está en algún carrito o tiene citas, se desactivará en su
            lugar: dejará de verse en el sitio público pero se conservará su historial.
          </Text>
        ),
        boton: 'Eliminar procedimiento',
      }}
      onEliminar={() =>
        eliminar.mutate(p.id, {
          onSuccess: (r) =>
            notifications.show(
              r?.desactivado
                ? {
                    color: 'orange',
                    title: 'Procedimiento desactivado',
                    message: r.mensaje || MENSAJE_PROCEDIMIENTO_DESACTIVADO,
                  }
                : { color: 'green', message: `Eliminamos «${p.nombre}».` },
            ),
          onError: (error) => avisarError('No pudimos eliminar el procedimiento', error),
        })
      }
    />
  );
}

/** The thumbnail (the first image, or a placeholder) and the name, which opens the edit screen. */
function Procedimiento({ p }: { p: ProcedimientoWire }) {
  const img = [...p.imagenes].sort((a, b) => a.orden - b.orden)[0];
  return (
    <Group gap="sm" wrap="nowrap">
      <div className={classes.miniatura} aria-hidden="true">
        {img ? (
          <img src={mediaUrl(img.url_tarjeta)} alt="" loading="lazy" />
        ) : (
          <Group justify="center" h="100%" c="dimmed">
            <IconPhoto size={18} />
          </Group>
        )}
      </div>
      <Anchor component={Link} to={paths.editarProcedimiento(p.id)} fw={600}>
        {p.nombre}
      </Anchor>
    </Group>
  );
}

const SIN_SALTO = { style: { whiteSpace: 'nowrap' } } as const;

export function TablaProcedimientos({
  procedimientos,
  caption,
  conCategoria = true,
}: {
  procedimientos: ProcedimientoWire[];
  caption?: string;
  conCategoria?: boolean;
}) {
  return (
    <TablaDeFilas
      apilarBajo={conCategoria ? 820 : 720}
      verticalSpacing="sm"
      highlightOnHover
      caption={caption}
      filas={procedimientos}
      clave={(p) => p.id}
      columnas={[
        { titulo: 'Procedimiento', celda: (p) => <Procedimiento p={p} /> },
        conCategoria && { titulo: 'Categoría', celda: (p) => p.categoria.nombre },
        { titulo: 'Precio', celda: (p) => formatCOP(p.precio), derecha: true, td: SIN_SALTO },
        { titulo: 'Duración', celda: (p) => formatDuracion(p.duracion_minutos), td: SIN_SALTO },
        { titulo: 'Estado', celda: (p) => <EstadoBadge activo={p.activo} /> },
      ]}
      acciones={{ titulo: 'Acciones', celda: (p) => <Acciones p={p} />, derecha: true }}
    />
  );
}
