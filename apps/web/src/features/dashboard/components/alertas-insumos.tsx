// «Insumos» on the staff dashboard (issue 24, item 1): lots expiring within 60 days or expired with stock left, and
// products under their minimum, each linking to its product. Nothing when there is nothing to warn about, while it
// loads or if it fails (the dashboard never invents nor blocks on a count).
import { Anchor, List, Stack, Text } from '@mantine/core';
import { IconVaccineBottle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DIAS_ALERTA_VENCIMIENTO } from '@clinica/contracts/insumos-rutas';
import { CitaBadge } from '../../../components/cita-badges.tsx';
import { cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatFecha } from '../../../lib/tiempo.ts';
import { useAlertasInsumos } from '../../../lib/api/insumos/get-alertas.ts';

export function AlertasInsumos() {
  const q = useAlertasInsumos();
  if (!q.data) return null;
  const { por_vencer, stock_bajo } = q.data;
  if (por_vencer.length === 0 && stock_bajo.length === 0) return null;
  return (
    <SeccionConTitulo
      id="alertas-insumos"
      titulo="Insumos"
      icono={IconVaccineBottle}
      descripcion={`Lotes que vencen en los próximos ${DIAS_ALERTA_VENCIMIENTO} días y productos bajo su mínimo.`}
      accion={
        <Anchor component={Link} to={paths.insumos} fw={600} fz="sm">
          Ver insumos y lotes
        </Anchor>
      }
    >
      <Stack gap="sm">
        {por_vencer.length > 0 && (
          <List spacing={6} listStyleType="none" aria-label="Lotes por vencer">
            {por_vencer.map((l) => (
              <List.Item key={l.id}>
                <Anchor component={Link} to={paths.insumo(l.producto.id)} fw={600}>
                  {`${l.producto.nombre}, lote ${l.numero}`}
                </Anchor>{' '}
                <CitaBadge
                  tono={l.vencido ? 'danger' : 'warning'}
                  texto={l.vencido ? 'Vencido' : 'Vence pronto'}
                  size="sm"
                />
                <Text size="sm" c="dimmed">
                  {`${l.vencido ? 'Venció' : 'Vence'} el ${formatFecha(l.vence_el)}; quedan ${cantidadConUnidad(l.existencia, l.producto.unidad)}.`}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {stock_bajo.length > 0 && (
          <List spacing={6} listStyleType="none" aria-label="Productos con stock bajo">
            {stock_bajo.map((p) => (
              <List.Item key={p.id}>
                <Anchor component={Link} to={paths.insumo(p.id)} fw={600}>
                  {p.nombre}
                </Anchor>{' '}
                <CitaBadge tono="warning" texto="Stock bajo" size="sm" />
                <Text size="sm" c="dimmed">
                  {`Quedan ${cantidadConUnidad(p.existencia, p.unidad)}; el mínimo es ${cantidadConUnidad(p.stock_minimo, p.unidad)}.`}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </SeccionConTitulo>
  );
}
