// /insumos/:id (issue 24, item 1): one product with its lots: expiry (expired, expiring within 60 days), received,
// used, stock, supplier and who received it. The desk and the administrators receive lots, adjust them with a reason
// and read each lot's movements; doctors read the product and its lots.
import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconArrowLeft,
  IconHistory,
  IconPackageImport,
  IconPackageOff,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { DIAS_ALERTA_VENCIMIENTO, insumosRutas } from '@clinica/contracts/insumos-rutas';
import { permite } from '@clinica/contracts/roles';
import { trazabilidadRutas } from '@clinica/contracts/trazabilidad-rutas';
import { sumarDias } from '@clinica/contracts/tiempo';
import { CitaBadge } from '../../components/cita-badges.tsx';
import { Dato } from '../../components/dato.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { cantidadConUnidad } from '../../components/insumos/insumos-textos.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { idDeRuta } from '../../lib/id-de-ruta.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaHora, hoy } from '../../lib/tiempo.ts';
import { useProducto } from '../../lib/api/insumos/get-producto.ts';
import type { LoteWire, ProductoDetalleWire } from '../../lib/api/insumos/tipos.ts';
import { AjustarLote } from './components/ajustar-lote.tsx';
import { MovimientosLote } from './components/movimientos-lote.tsx';
import { PacientesLote } from './components/pacientes-lote.tsx';
import { RecibirLoteForm } from './components/recibir-lote-form.tsx';

type Dialogo = { tipo: 'recibir' } | { tipo: 'ajustar' | 'movimientos' | 'pacientes'; lote: LoteWire } | null;

function Vencimiento({ lote }: { lote: LoteWire }) {
  const pronto = !lote.vencido && lote.vence_el <= sumarDias(hoy(), DIAS_ALERTA_VENCIMIENTO);
  // The badge under the date keeps the column narrow (and each on one line in the stacked cards).
  return (
    <div>
      <Text span style={{ whiteSpace: 'nowrap' }}>
        {formatFecha(lote.vence_el)}
      </Text>
      {(lote.vencido || pronto) && (
        <div>
          <CitaBadge
            tono={lote.vencido ? 'danger' : 'warning'}
            texto={lote.vencido ? 'Vencido' : 'Vence pronto'}
            size="sm"
          />
        </div>
      )}
    </div>
  );
}

function TablaLotes({
  producto,
  escribe,
  recall,
  onDialogo,
}: {
  producto: ProductoDetalleWire;
  escribe: boolean;
  /** Doctors and administrators see who received each lot (never the desk). */
  recall: boolean;
  onDialogo: (d: Dialogo) => void;
}) {
  const u = producto.unidad;
  return (
    <TablaApilable apilarBajo={820}>
      <Table verticalSpacing="sm">
        <Table.Caption>Lotes: los que tienen existencia primero, y de ellos los que vencen antes</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lote</Table.Th>
            <Table.Th>Vence</Table.Th>
            <Table.Th>Recibido</Table.Th>
            <Table.Th>Usado y ajustado</Table.Th>
            <Table.Th>Existencia</Table.Th>
            <Table.Th>Proveedor</Table.Th>
            <Table.Th>Recibió</Table.Th>
            {(escribe || recall) && <Table.Th>Acciones</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {producto.lotes.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <Text fw={600}>{l.numero}</Text>
              </Table.Td>
              <Table.Td data-label="Vence">
                <Vencimiento lote={l} />
              </Table.Td>
              <Table.Td data-label="Recibido">{cantidadConUnidad(l.cantidad_recibida, u)}</Table.Td>
              <Table.Td data-label="Usado y ajustado">{cantidadConUnidad(l.consumido, u)}</Table.Td>
              <Table.Td data-label="Existencia">
                <Text span fw={600}>
                  {cantidadConUnidad(l.existencia, u)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Proveedor">
                <div>
                  <Text size="sm">{l.proveedor}</Text>
                  {l.referencia_compra && (
                    <Text size="xs" c="dimmed">
                      {`Ref. ${l.referencia_compra}`}
                    </Text>
                  )}
                </div>
              </Table.Td>
              <Table.Td data-label="Recibió">
                <div>
                  <Text size="sm">{l.recibido_por.nombre}</Text>
                  <Text size="xs" c="dimmed">
                    {formatFechaHora(l.recibido_en)}
                  </Text>
                </div>
              </Table.Td>
              {(escribe || recall) && (
                <Table.Td data-acciones>
                  <Group gap="xs" wrap="wrap">
                    {recall && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconUsersGroup size={14} aria-hidden="true" />}
                        onClick={() => onDialogo({ tipo: 'pacientes', lote: l })}
                        aria-label={`¿Quién recibió el lote ${l.numero}?`}
                      >
                        ¿Quién recibió este lote?
                      </Button>
                    )}
                    {escribe && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconAdjustments size={14} aria-hidden="true" />}
                          onClick={() => onDialogo({ tipo: 'ajustar', lote: l })}
                          aria-label={`Ajustar el lote ${l.numero}`}
                        >
                          Ajustar
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconHistory size={14} aria-hidden="true" />}
                          onClick={() => onDialogo({ tipo: 'movimientos', lote: l })}
                          aria-label={`Movimientos del lote ${l.numero}`}
                        >
                          Movimientos
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}

export default function ProductoScreen() {
  const id = idDeRuta(useParams().id);
  const { userRole } = useAuth();
  const permitido = permite(insumosRutas.producto.auth, userRole);
  const escribe = permite(insumosRutas.recibirLote.auth, userRole);
  const recall = permite(trazabilidadRutas.pacientesLote.auth, userRole);
  const q = useProducto(id, permitido);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  usePageMeta({ title: q.data ? q.data.nombre : 'Producto' });

  if (!permitido) {
    return (
      <SinAcceso descripcion="Los insumos y sus lotes los llevan la recepción, los doctores y los administradores." />
    );
  }
  const volver = (
    <Anchor component={Link} to={paths.insumos} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Insumos y lotes
      </Group>
    </Anchor>
  );
  if (id === 0)
    return <EstadoVacio titulo="No encontramos ese producto" descripcion="Revisa el enlace." accion={volver} />;
  if (q.isPending) return <SkeletonTabla filas={4} columnas={6} etiqueta="Cargando el producto…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} />;

  const p = q.data;
  const recibir = escribe && p.activo && (
    <Button
      leftSection={<IconPackageImport size={16} aria-hidden="true" />}
      onClick={() => setDialogo({ tipo: 'recibir' })}
    >
      Recibir lote
    </Button>
  );
  const cerrar = () => setDialogo(null);

  return (
    <>
      {volver}
      <PageHeader
        eyebrow={tipoProductoNombres[p.tipo]}
        title={p.nombre}
        description={`${p.fabricante} · ${p.registro_invima}`}
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Dato etiqueta="Existencia utilizable">
              <Group gap="xs">
                <Text span fw={600}>
                  {cantidadConUnidad(p.existencia, p.unidad)}
                </Text>
                {p.stock_bajo && <CitaBadge tono="warning" texto="Stock bajo" size="sm" />}
              </Group>
            </Dato>
            <Dato etiqueta="Stock mínimo">
              {p.stock_minimo > 0 ? cantidadConUnidad(p.stock_minimo, p.unidad) : 'Sin mínimo'}
            </Dato>
            <Dato etiqueta="En lotes vencidos">{cantidadConUnidad(p.existencia_vencida, p.unidad)}</Dato>
            <Dato etiqueta="Estado">
              <CitaBadge tono={p.activo ? 'success' : 'danger'} texto={p.activo ? 'Activo' : 'Inactivo'} size="sm" />
            </Dato>
          </SimpleGrid>
        </Paper>
        {p.existencia_vencida > 0 && escribe && (
          <Alert color="orange" variant="light" title="Hay existencia vencida">
            Un lote vencido no se puede usar: deséchalo con «Ajustar» y el motivo «Vencido».
          </Alert>
        )}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="lotes-titulo">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fw={600} id="lotes-titulo" component="h2" fz="h4" m={0}>
                Lotes
              </Text>
              {p.lotes.length > 0 && recibir}
            </Group>
            {p.lotes.length === 0 ? (
              <EstadoVacio
                icono={<IconPackageOff size={26} stroke={1.6} aria-hidden="true" />}
                titulo="Aún no hay lotes"
                descripcion={escribe ? 'Recibe el primero con su número y su fecha de vencimiento.' : undefined}
                accion={recibir || undefined}
              />
            ) : (
              <TablaLotes producto={p} escribe={escribe} recall={recall} onDialogo={setDialogo} />
            )}
          </Stack>
        </Paper>
      </Stack>
      {escribe && (
        <>
          <Modal opened={dialogo?.tipo === 'recibir'} onClose={cerrar} title={`Recibir lote de ${p.nombre}`} size="lg">
            {dialogo?.tipo === 'recibir' && <RecibirLoteForm producto={p} onListo={cerrar} />}
          </Modal>
          <Modal opened={dialogo?.tipo === 'ajustar'} onClose={cerrar} title="Ajustar existencia">
            {dialogo?.tipo === 'ajustar' && <AjustarLote producto={p} lote={dialogo.lote} onListo={cerrar} />}
          </Modal>
          <Modal
            opened={dialogo?.tipo === 'movimientos'}
            onClose={cerrar}
            title={dialogo?.tipo === 'movimientos' ? `Movimientos del lote ${dialogo.lote.numero}` : 'Movimientos'}
            size="xl"
          >
            {dialogo?.tipo === 'movimientos' && <MovimientosLote producto={p} lote={dialogo.lote} />}
          </Modal>
        </>
      )}
      {recall && (
        <Modal
          opened={dialogo?.tipo === 'pacientes'}
          onClose={cerrar}
          title={dialogo?.tipo === 'pacientes' ? `¿Quién recibió el lote ${dialogo.lote.numero}?` : 'Pacientes'}
          size="xl"
        >
          {dialogo?.tipo === 'pacientes' && <PacientesLote loteId={dialogo.lote.id} />}
        </Modal>
      )}
    </>
  );
}
