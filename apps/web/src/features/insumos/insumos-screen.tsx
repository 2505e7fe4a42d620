// /insumos (issue 24, item 1): the products the clinic applies, with their INVIMA registration and usable stock.
// The desk and the administrators create, edit and deactivate them; doctors read them (they chart with them).
import { Anchor, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBottle, IconBottleOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { permite } from '@clinica/contracts/roles';
import { CitaBadge } from '../../components/cita-badges.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { cantidadConUnidad } from '../../components/insumos/insumos-textos.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useProductos } from '../../lib/api/insumos/get-productos.ts';
import { useGuardarProducto } from '../../lib/api/insumos/guardar-producto.ts';
import type { ProductoWire } from '../../lib/api/insumos/tipos.ts';
import { ProductoForm } from './components/producto-form.tsx';

/** The product being edited, a new one ('nuevo'), or none. */
type Edicion = ProductoWire | 'nuevo' | null;

function FilaProducto({ p, escribe, onEditar }: { p: ProductoWire; escribe: boolean; onEditar: () => void }) {
  const guardar = useGuardarProducto();
  const cambiarActivo = () =>
    guardar.mutate(
      { id: p.id, body: { activo: !p.activo } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: p.activo ? `«${p.nombre}» quedó inactivo.` : `«${p.nombre}» está activo de nuevo.`,
          }),
        onError: (err) => notifications.show({ color: 'red', message: mensajeDeError(err) }),
      },
    );
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={paths.insumo(p.id)} fw={600}>
          {p.nombre}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Tipo">{tipoProductoNombres[p.tipo]}</Table.Td>
      <Table.Td data-label="Fabricante">{p.fabricante}</Table.Td>
      <Table.Td data-label="Registro INVIMA" style={{ whiteSpace: 'nowrap' }}>
        {p.registro_invima}
      </Table.Td>
      <Table.Td data-label="Existencia">
        <Stack gap={4} align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
              {cantidadConUnidad(p.existencia, p.unidad)}
            </Text>
            {p.stock_bajo && <CitaBadge tono="warning" texto="Stock bajo" size="sm" />}
          </Group>
          {p.existencia_vencida > 0 && (
            <Text size="xs" c="dimmed">
              {`${cantidadConUnidad(p.existencia_vencida, p.unidad)} vencidas por desechar`}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Estado">
        <CitaBadge tono={p.activo ? 'success' : 'danger'} texto={p.activo ? 'Activo' : 'Inactivo'} size="sm" />
      </Table.Td>
      {escribe && (
        <Table.Td data-acciones>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              onClick={onEditar}
              aria-label={`Editar ${p.nombre}`}
            >
              Editar
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={guardar.isPending}
              onClick={cambiarActivo}
              aria-label={`${p.activo ? 'Desactivar' : 'Activar'} ${p.nombre}`}
            >
              {p.activo ? 'Desactivar' : 'Activar'}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export default function InsumosScreen() {
  usePageMeta({ title: 'Insumos y lotes' });
  const { userRole } = useAuth();
  const permitido = permite(insumosRutas.productos.auth, userRole);
  const escribe = permite(insumosRutas.crearProducto.auth, userRole);
  const q = useProductos(permitido);
  const [edicion, setEdicion] = useState<Edicion>(null);

  if (!permitido) {
    return (
      <SinAcceso descripcion="Los insumos y sus lotes los llevan la recepción, los doctores y los administradores." />
    );
  }

  const nuevo = escribe && (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEdicion('nuevo')}>
      Nuevo producto
    </Button>
  );

  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={4} columnas={6} etiqueta="Cargando productos…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else if (q.data.length === 0)
    contenido = (
      <EstadoVacio
        icono={<IconBottleOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Aún no hay productos"
        descripcion={
          escribe
            ? 'Registra el primero con su registro INVIMA; luego recibe sus lotes.'
            : 'La recepción registra los productos y sus lotes.'
        }
        accion={nuevo || undefined}
      />
    );
  else
    contenido = (
      <TablaApilable apilarBajo={820}>
        <Table verticalSpacing="sm" aria-busy={q.isFetching}>
          <Table.Caption>Productos: su existencia utilizable (lotes sin vencer)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Producto</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Fabricante</Table.Th>
              <Table.Th>Registro INVIMA</Table.Th>
              <Table.Th>Existencia</Table.Th>
              <Table.Th>Estado</Table.Th>
              {escribe && <Table.Th>Acciones</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((p) => (
              <FilaProducto key={p.id} p={p} escribe={escribe} onEditar={() => setEdicion(p)} />
            ))}
          </Table.Tbody>
        </Table>
      </TablaApilable>
    );

  return (
    <>
      <PageHeader
        eyebrow="Trazabilidad"
        title="Insumos y lotes"
        description="Los productos que se aplican, con su registro INVIMA, sus lotes y lo que queda de cada uno."
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <IconBottle size={18} aria-hidden="true" />
              <Text fw={600}>Productos</Text>
            </Group>
            {q.data && q.data.length > 0 && nuevo}
          </Group>
          {contenido}
        </Stack>
      </Paper>
      {escribe && (
        <Modal
          opened={edicion !== null}
          onClose={() => setEdicion(null)}
          title={edicion === 'nuevo' ? 'Nuevo producto' : 'Editar producto'}
          size="lg"
        >
          {edicion !== null && (
            <ProductoForm producto={edicion === 'nuevo' ? null : edicion} onListo={() => setEdicion(null)} />
          )}
        </Modal>
      )}
    </>
  );
}
