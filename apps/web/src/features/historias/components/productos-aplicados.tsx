// «Productos aplicados» (issue 24, item 3): every product and lot applied to the patient in her signed notes, newest
// first: date (in the clinic's zone), product and type, INVIMA registration, lot and expiry, quantity in the
// product's unit, the chart's zones, the doctor and the appointment. In her own record and, for doctors and
// administrators, in the staff record view (never for assistants: the server refuses them too). One card per row,
// so it reads the same on a phone and on a desktop.
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { zonaFacialNombres } from '@clinica/contracts/mapa-facial';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatFecha } from '../../../lib/tiempo.ts';
import {
  useProductosAplicados,
  type ProductosAplicadosWire,
} from '../../../lib/api/historias/get-productos-aplicados.ts';

export const TEXTOS_PRODUCTOS = {
  titulo: 'Productos aplicados',
  propia:
    'Cada producto y lote que te aplicaron en tus procedimientos, con su registro INVIMA. Si la clínica o el INVIMA emiten una alerta sobre un lote, así sabes si lo recibiste.',
  personal: 'Cada producto y lote aplicado a la paciente en sus notas firmadas. Esta consulta queda registrada.',
  vacioPropia: 'Aún no tienes productos aplicados registrados en tus notas firmadas.',
  vacioPersonal: 'La paciente no tiene productos aplicados en notas firmadas.',
} as const;

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {etiqueta}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Fila({ a }: { a: ProductosAplicadosWire[number] }) {
  const titulo = `${a.producto.nombre}, ${formatFecha(a.fecha)}`;
  return (
    <Paper withBorder p="sm" component="li" aria-label={titulo} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={3} fz="sm">
            {a.producto.nombre}
          </Title>
          <Badge variant="light">{tipoProductoNombres[a.producto.tipo]}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <Dato etiqueta="Fecha">{formatFecha(a.fecha)}</Dato>
          <Dato etiqueta="Cantidad">{cantidadConUnidad(a.cantidad, a.producto.unidad)}</Dato>
          <Dato etiqueta="Lote">{a.lote.numero}</Dato>
          <Dato etiqueta="Vence">{formatFecha(a.lote.vence_el)}</Dato>
          <Dato etiqueta="Registro INVIMA">{a.producto.registro_invima}</Dato>
          <Dato etiqueta="Zonas">{a.zonas.map((z) => zonaFacialNombres[z]).join(', ') || '—'}</Dato>
          <Dato etiqueta="Profesional">{a.doctor.nombre}</Dato>
          <Dato etiqueta="Cita">
            <Anchor component={Link} to={paths.detallesCita(a.cita_id)} size="sm">
              {a.procedimiento ?? `Cita n.º ${a.cita_id}`}
            </Anchor>
          </Dato>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function ProductosAplicados({ pacienteId, propia }: { pacienteId: number; propia: boolean }) {
  const q = useProductosAplicados(pacienteId);
  let cuerpo;
  if (q.isPending) cuerpo = <SkeletonLineas lineas={3} etiqueta="Cargando los productos aplicados…" />;
  else if (q.isError) cuerpo = <ErrorDeCarga consulta={q} titulo="No pudimos cargar los productos aplicados" />;
  else if (q.data.length === 0)
    cuerpo = (
      <Text size="sm" c="dimmed">
        {propia ? TEXTOS_PRODUCTOS.vacioPropia : TEXTOS_PRODUCTOS.vacioPersonal}
      </Text>
    );
  else
    cuerpo = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby="productos-aplicados-titulo">
        {q.data.map((a) => (
          <Fila key={`${a.evolucion_id}-${a.lote.id}`} a={a} />
        ))}
      </Stack>
    );
  return (
    <SeccionTarjeta
      id="productos-aplicados-titulo"
      titulo={TEXTOS_PRODUCTOS.titulo}
      descripcion={propia ? TEXTOS_PRODUCTOS.propia : TEXTOS_PRODUCTOS.personal}
    >
      {cuerpo}
    </SeccionTarjeta>
  );
}
