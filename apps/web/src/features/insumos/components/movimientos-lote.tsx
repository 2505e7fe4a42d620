// A lot's movements, newest as the server orders them: uses (from signed notes) and adjustments with their reason,
// who recorded each and when.
import { Table, Text } from '@mantine/core';
import { motivoAjusteNombres } from '@clinica/contracts/insumos';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { TablaApilable } from '../../../components/tabla-apilable.tsx';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import { useMovimientos } from '../../../lib/api/insumos/get-movimientos.ts';
import type { LoteWire, MovimientoWire, ProductoDetalleWire } from '../../../lib/api/insumos/tipos.ts';

function queHizo(m: MovimientoWire): string {
  if (m.tipo === 'uso') return 'Uso';
  return m.motivo ? motivoAjusteNombres[m.motivo] : 'Ajuste';
}

export function MovimientosLote({ producto, lote }: { producto: ProductoDetalleWire; lote: LoteWire }) {
  const q = useMovimientos(lote.id);
  if (q.isPending) return <SkeletonTabla filas={3} columnas={4} etiqueta="Cargando movimientos…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} />;
  if (q.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {`Sin movimientos: el lote conserva lo recibido (${cantidadConUnidad(lote.cantidad_recibida, producto.unidad)}).`}
      </Text>
    );
  return (
    <TablaApilable apilarBajo={560}>
      <Table verticalSpacing="xs">
        <Table.Caption>{`Movimientos del lote ${lote.numero}`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cuándo</Table.Th>
            <Table.Th>Movimiento</Table.Th>
            <Table.Th>Cantidad</Table.Th>
            <Table.Th>Por qué</Table.Th>
            <Table.Th>Quién</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatFechaHora(m.registrado_en)}</Table.Td>
              <Table.Td data-label="Movimiento">{queHizo(m)}</Table.Td>
              {/* Positive: taken out; negative: a count that found more. */}
              <Table.Td data-label="Cantidad">
                {m.cantidad >= 0
                  ? `−${cantidadConUnidad(m.cantidad, producto.unidad)}`
                  : `+${cantidadConUnidad(-m.cantidad, producto.unidad)}`}
              </Table.Td>
              <Table.Td data-label="Por qué">{m.detalle ?? '—'}</Table.Td>
              <Table.Td data-label="Quién">{m.registrado_por.nombre}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}
