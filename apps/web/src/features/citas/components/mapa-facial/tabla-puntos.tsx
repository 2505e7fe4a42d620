// The chart as a table (issue 24, item 2): every point of the drawing is a row, so the chart reads without seeing
// the drawing and every point is edited or removed from the keyboard; and the totals per lot under it, with a
// warning when the points add up to more than a lot has left.
import { ActionIcon, Alert, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import {
  dispositivoAplicacionNombres,
  planoAplicacionNombres,
  tecnicaAplicacionNombres,
  vistaMapaNombres,
  type TotalLote,
} from '@clinica/contracts/mapa-facial';
import { cantidadConUnidad } from '../../../../components/insumos/insumos-textos.ts';
import { excedidos, nombreZona, type LoteInfo, type PuntoBorrador } from './modelo.ts';

type Acciones = { editar: (i: number) => void; quitar: (i: number) => void };

export function TablaPuntos({
  puntos,
  lotes,
  acciones,
  problemas,
}: {
  puntos: readonly PuntoBorrador[];
  lotes: Map<number, LoteInfo>;
  acciones?: Acciones;
  /** What is still wrong with point i (shown once the doctor tried to save). */
  problemas?: (i: number) => string[];
}) {
  return (
    // Seven columns fit a tablet held upright (768 px) without scrolling: the view and the point's note go under the
    // zone, the technique under the plane.
    <Table.ScrollContainer minWidth={acciones ? 600 : 520}>
      <Table striped verticalSpacing="xs" aria-label="Puntos del mapa de aplicación">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">N.º</Table.Th>
            <Table.Th scope="col">Zona</Table.Th>
            <Table.Th scope="col">Producto y lote</Table.Th>
            <Table.Th scope="col">Cantidad</Table.Th>
            <Table.Th scope="col">Plano y técnica</Table.Th>
            <Table.Th scope="col">Aguja o cánula</Table.Th>
            {acciones && (
              <Table.Th scope="col">
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {puntos.map((p, i) => {
            const lote = p.lote_id === null ? undefined : lotes.get(p.lote_id);
            const faltas = problemas?.(i) ?? [];
            return (
              <Table.Tr key={i} aria-invalid={faltas.length ? true : undefined}>
                <Table.Td fw={700}>{i + 1}</Table.Td>
                <Table.Td>
                  {nombreZona(p.zona)}
                  <Text size="xs" c="dimmed">
                    {vistaMapaNombres[p.vista]}
                  </Text>
                  {p.nota && (
                    <Text size="xs" mt={4}>
                      Nota: {p.nota}
                    </Text>
                  )}
                  {faltas.length > 0 && (
                    <Badge color="red" variant="light" mt={4} style={{ textTransform: 'none' }}>
                      {faltas.join(' · ')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {lote ? (
                    <>
                      {lote.producto.nombre}
                      <Text size="xs" c="dimmed">
                        Lote {lote.numero}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Sin lote
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {typeof p.cantidad === 'number' ? cantidadConUnidad(p.cantidad, lote?.producto.unidad ?? 'U') : '—'}
                </Table.Td>
                <Table.Td>
                  {p.plano ? planoAplicacionNombres[p.plano] : '—'}
                  <Text size="xs" c="dimmed">
                    {p.tecnica ? tecnicaAplicacionNombres[p.tecnica] : 'Sin técnica'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {p.dispositivo ? dispositivoAplicacionNombres[p.dispositivo] : '—'}
                  {p.calibre ? ` ${p.calibre}` : ''}
                </Table.Td>
                {acciones && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Editar punto ${i + 1}`}
                        onClick={() => acciones.editar(i)}
                      >
                        <IconPencil size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Quitar punto ${i + 1}`}
                        onClick={() => acciones.quitar(i)}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TotalesMapa({ totales, lotes }: { totales: readonly TotalLote[]; lotes: Map<number, LoteInfo> }) {
  if (!totales.length) return null;
  const pasados = excedidos(totales, lotes);
  return (
    <Stack gap="xs">
      <Text fw={600}>Totales por lote</Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} aria-label="Totales por lote">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Producto</Table.Th>
              <Table.Th scope="col">Lote</Table.Th>
              <Table.Th scope="col">Puntos</Table.Th>
              <Table.Th scope="col">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totales.map((t) => (
              <Table.Tr key={t.lote_id}>
                <Table.Td>{t.producto}</Table.Td>
                <Table.Td>{t.lote}</Table.Td>
                <Table.Td>{t.puntos}</Table.Td>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {cantidadConUnidad(t.cantidad, t.unidad)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pasados.map((t) => (
        <Alert
          key={t.lote_id}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title={`El lote ${t.lote} no alcanza`}
        >
          {`Al lote ${t.lote} de ${t.producto} le quedan ${cantidadConUnidad(t.existencia, t.unidad)} y el mapa suma ${cantidadConUnidad(t.cantidad, t.unidad)}. Revisa las cantidades o usa otro lote: la nota no se podrá firmar así.`}
        </Alert>
      ))}
    </Stack>
  );
}
