// /paquetes (issue 23, item 4): the treatment packages the clinic sells, for the desk and the administrators. Define
// one (procedure, sessions, price, validity), change it, deactivate it (it is no longer sold; those sold keep going)
// or make it active again. The sale itself is on each patient's packages page.
import { Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPackage, IconPackageOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { permite } from '@clinica/contracts/roles';
import { CitaBadge } from '../../components/cita-badges.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { sesiones } from '../../components/paquetes/paquete-textos.ts';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { formatCOP } from '../../lib/format.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { usePaquetes } from '../../lib/api/paquetes/get-paquetes.ts';
import { useGuardarPaquete } from '../../lib/api/paquetes/guardar-paquete.ts';
import type { PaqueteWire } from '../../lib/api/paquetes/tipos.ts';
import { PaqueteForm } from './components/paquete-form.tsx';

/** The definition being edited, a new one ('nuevo'), or none. */
type Edicion = PaqueteWire | 'nuevo' | null;

function FilaPaquete({ p, onEditar }: { p: PaqueteWire; onEditar: () => void }) {
  const guardar = useGuardarPaquete();
  const cambiarActivo = () =>
    guardar.mutate(
      { id: p.id, body: { activo: !p.activo } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: p.activo ? `«${p.nombre}» ya no se vende.` : `«${p.nombre}» se vende de nuevo.`,
          }),
        onError: (err) => notifications.show({ color: 'red', message: mensajeDeError(err) }),
      },
    );
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{p.nombre}</Text>
      </Table.Td>
      <Table.Td data-label="Procedimiento">{p.procedimiento.nombre}</Table.Td>
      <Table.Td data-label="Sesiones">{sesiones(p.sesiones)}</Table.Td>
      <Table.Td data-label="Precio">{formatCOP(p.precio)}</Table.Td>
      <Table.Td data-label="Vigencia">{`${p.vigencia_dias} días`}</Table.Td>
      <Table.Td data-label="Estado">
        <CitaBadge tono={p.activo ? 'success' : 'danger'} texto={p.activo ? 'Activo' : 'Inactivo'} size="sm" />
      </Table.Td>
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
    </Table.Tr>
  );
}

export default function PaquetesScreen() {
  usePageMeta({ title: 'Paquetes de sesiones' });
  const { userRole } = useAuth();
  const permitido = permite(paquetesRutas.listar.auth, userRole);
  const q = usePaquetes(permitido);
  const [edicion, setEdicion] = useState<Edicion>(null);

  if (!permitido) {
    return <SinAcceso descripcion="Los paquetes de sesiones los definen la recepción y los administradores." />;
  }

  const nuevo = (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEdicion('nuevo')}>
      Nuevo paquete
    </Button>
  );

  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={4} columnas={6} etiqueta="Cargando paquetes…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else if (q.data.length === 0)
    contenido = (
      <EstadoVacio
        icono={<IconPackageOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Aún no hay paquetes"
        descripcion="Define el primero: un número de sesiones de un procedimiento, a un precio, con una vigencia."
        accion={nuevo}
      />
    );
  else
    contenido = (
      <TablaApilable apilarBajo={820}>
        <Table verticalSpacing="sm" aria-busy={q.isFetching}>
          <Table.Caption>Paquetes de sesiones: los activos primero</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Procedimiento</Table.Th>
              <Table.Th>Sesiones</Table.Th>
              <Table.Th>Precio</Table.Th>
              <Table.Th>Vigencia</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((p) => (
              <FilaPaquete key={p.id} p={p} onEditar={() => setEdicion(p)} />
            ))}
          </Table.Tbody>
        </Table>
      </TablaApilable>
    );

  return (
    <>
      <PageHeader
        eyebrow="Caja"
        title="Paquetes de sesiones"
        description="Lo que la clínica vende por paquetes. Cada cita realizada del procedimiento usa una sesión del paquete de la paciente."
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <IconPackage size={18} aria-hidden="true" />
              <Text fw={600}>Paquetes</Text>
            </Group>
            {q.data && q.data.length > 0 && nuevo}
          </Group>
          {contenido}
        </Stack>
      </Paper>
      <Modal
        opened={edicion !== null}
        onClose={() => setEdicion(null)}
        title={edicion === 'nuevo' ? 'Nuevo paquete' : 'Editar paquete'}
        size="lg"
      >
        {edicion !== null && (
          <PaqueteForm paquete={edicion === 'nuevo' ? null : edicion} onListo={() => setEdicion(null)} />
        )}
      </Modal>
    </>
  );
}
