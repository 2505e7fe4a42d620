// /caja (issue 23, "Cierre de caja"): one desk's day for assistants and administrators. Totals by method (money in,
// refunds out, voids), the cash the drawer should hold, the day's payments with their receipts, and "Cerrar caja"
// with the cash counted: the difference is shown before confirming. Once closed, that desk's day takes no payment
// or void (the server refuses them). Administrators pick any desk and day, void payments, and see every close.
import { metodoPagoNombres, metodosPago, type MetodoPago } from '@clinica/contracts/pagos';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCashRegister, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccionesDialogo } from '../../components/acciones-dialogo.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PaginaPagos } from '../../components/pagos/tabla-pagos.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCaja, useCierres } from '../../lib/api/pagos/get-caja.ts';
import { usePagos } from '../../lib/api/pagos/get-pagos.ts';
import { useCerrarCaja } from '../../lib/api/pagos/cerrar-caja.ts';
import type { CierreCajaWire, ResumenCajaWire } from '../../lib/api/pagos/tipos.ts';
import { listaUsuariosQuery } from '../../lib/api/usuarios/get-usuarios.ts';
import { formatCOP } from '../../lib/format.ts';
import { leerFecha } from '../../lib/forms/campos-persona.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaHora, hoy } from '../../lib/tiempo.ts';
import { camposPesos } from '../../lib/forms/campo-pesos.ts';

const POR_PAGINA = 20;

/** "Cuadra", "Faltan $ 10.000", "Sobran $ 5.000": the difference as the desk says it. */
export function textoDiferencia(diferencia: number): string {
  if (diferencia === 0) return 'Cuadra: sin diferencia';
  return diferencia < 0 ? `Faltan ${formatCOP(-diferencia)}` : `Sobran ${formatCOP(diferencia)}`;
}
const colorDiferencia = (d: number) => (d === 0 ? 'teal' : d < 0 ? 'red' : 'orange');

/** Staff who work the desk, for the administrator's picker (active assistants and administrators). */
function useCajeros(enabled: boolean) {
  const lista = (rol: 'asistente' | 'administrador') =>
    ({ ...listaUsuariosQuery({ rol, estado: true, pagina: 1, porPagina: 100 }), enabled }) as const;
  const asistentes = useQuery(lista('asistente'));
  const administradores = useQuery(lista('administrador'));
  return [...(asistentes.data?.items ?? []), ...(administradores.data?.items ?? [])].map((u) => ({
    value: String(u.id),
    label: u.nombre,
  }));
}

function Totales({ r }: { r: ResumenCajaWire }) {
  // Online payments have no desk: shown only when a void of one counted here. A patient's credit moves no cash:
  // shown only when the desk spent some that day.
  const metodos = metodosPago.filter(
    (m) =>
      (m !== 'en_linea' || r.totales[m].anulado !== 0) &&
      (m !== 'saldo_a_favor' || r.totales[m].cobrado !== 0 || r.totales[m].anulado !== 0),
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {metodos.map((m) => {
          const t = r.totales[m as MetodoPago];
          return (
            <Paper key={m} withBorder p="md" component="section" aria-label={metodoPagoNombres[m]}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {metodoPagoNombres[m]}
              </Text>
              <Text fw={700} fz="lg">
                {formatCOP(t.cobrado - t.devuelto - t.anulado)}
              </Text>
              <Text size="xs" c="dimmed">
                Cobrado {formatCOP(t.cobrado)}
                {t.devuelto > 0 && ` · devuelto ${formatCOP(t.devuelto)}`}
                {t.anulado !== 0 && ` · anulado ${formatCOP(t.anulado)}`}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
      {/* Wrapped on a phone, the two lines keep a line's gap, not the columns' xl. */}
      <Group gap="xl" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
        <Text>
          Total del día: <strong style={{ whiteSpace: 'nowrap' }}>{formatCOP(r.total.neto)}</strong> ({r.movimientos}{' '}
          {r.movimientos === 1 ? 'movimiento' : 'movimientos'})
        </Text>
        <Text>
          Efectivo esperado en caja: <strong style={{ whiteSpace: 'nowrap' }}>{formatCOP(r.efectivo_esperado)}</strong>
        </Text>
      </Group>
    </Stack>
  );
}

function CierreHecho({ c }: { c: CierreCajaWire }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} title="Caja cerrada">
      <Stack gap={4}>
        <Text size="sm">
          Cerrada el {formatFechaHora(c.cerrado_en)} por {c.cerrado_por.nombre}. Esperado{' '}
          {formatCOP(c.efectivo_esperado)}, contado {formatCOP(c.efectivo_contado)}.
        </Text>
        <Text size="sm" fw={600} c={colorDiferencia(c.diferencia)}>
          {textoDiferencia(c.diferencia)}
        </Text>
        {c.notas && <Text size="sm">Notas: {c.notas}</Text>}
        <Text size="sm" c="dimmed">
          Este día ya no admite pagos ni anulaciones en esta caja.
        </Text>
      </Stack>
    </Alert>
  );
}

function CerrarCaja({ r }: { r: ResumenCajaWire }) {
  const cerrar = useCerrarCaja();
  const [contado, setContado] = useState<number | ''>('');
  const [notas, setNotas] = useState('');
  const [confirmando, setConfirmando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const diferencia = contado === '' ? null : contado - r.efectivo_esperado;

  function confirmar() {
    if (contado === '') return;
    setError(null);
    cerrar.mutate(
      { efectivo_contado: contado, fecha: r.fecha, ...(notas.trim() ? { notas: notas.trim() } : {}) },
      {
        onSuccess: () => {
          setConfirmando(false);
          notifications.show({ color: 'green', message: 'La caja quedó cerrada.' });
        },
        onError: (e) => setError(mensajeDeError(e, 'No pudimos cerrar la caja. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Cerrar caja
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          {...camposPesos}
          label="Efectivo contado"
          description="Cuenta los billetes y monedas de la caja"
          required
          min={0}
          max={1_000_000_000}
          value={contado}
          onChange={(v) => setContado(typeof v === 'number' ? v : '')}
        />
        <Textarea
          label="Notas"
          description="Opcional: por qué no cuadra la caja"
          autosize
          minRows={1}
          maxLength={500}
          value={notas}
          onChange={(e) => setNotas(e.currentTarget.value)}
        />
      </SimpleGrid>
      {diferencia !== null && (
        <Text fw={600} c={colorDiferencia(diferencia)} aria-live="polite">
          {textoDiferencia(diferencia)}
        </Text>
      )}
      <Group>
        <Button
          disabled={contado === ''}
          onClick={() => setConfirmando(true)}
          leftSection={<IconCashRegister size={18} aria-hidden="true" />}
        >
          Cerrar caja
        </Button>
      </Group>
      <Modal opened={confirmando} onClose={() => setConfirmando(false)} title="¿Cerrar la caja?">
        <Stack gap="sm">
          <Text>
            Caja de {r.usuario.nombre} del {formatFecha(r.fecha)}.
          </Text>
          <Text>
            Esperado: <strong style={{ whiteSpace: 'nowrap' }}>{formatCOP(r.efectivo_esperado)}</strong> · Contado:{' '}
            <strong>{contado === '' ? '' : formatCOP(contado)}</strong>
          </Text>
          {diferencia !== null && (
            <Text fw={700} c={colorDiferencia(diferencia)}>
              {textoDiferencia(diferencia)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Después del cierre, este día no admite más pagos ni anulaciones en esta caja.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <AccionesDialogo onVolver={() => setConfirmando(false)} ocupado={cerrar.isPending}>
            <Button onClick={confirmar} loading={cerrar.isPending}>
              Confirmar cierre
            </Button>
          </AccionesDialogo>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CierresDelDia({ fecha }: { fecha: string }) {
  const q = useCierres(fecha);
  if (q.isPending) return <SkeletonLineas lineas={2} etiqueta="Cargando cierres…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} />;
  if (q.data.items.length === 0) return <Text c="dimmed">Ninguna caja se ha cerrado este día.</Text>;
  return (
    <TablaApilable apilarBajo={640}>
      <Table verticalSpacing="sm">
        <Table.Caption>Cierres de caja del {formatFecha(fecha)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Caja</Table.Th>
            <Table.Th>Esperado</Table.Th>
            <Table.Th>Contado</Table.Th>
            <Table.Th>Diferencia</Table.Th>
            <Table.Th>Cerrada</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.usuario.nombre}</Table.Td>
              <Table.Td data-label="Esperado">{formatCOP(c.efectivo_esperado)}</Table.Td>
              <Table.Td data-label="Contado">{formatCOP(c.efectivo_contado)}</Table.Td>
              <Table.Td data-label="Diferencia">
                <Text span c={colorDiferencia(c.diferencia)} fw={600}>
                  {textoDiferencia(c.diferencia)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Cerrada">{formatFechaHora(c.cerrado_en)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}

export default function CajaScreen() {
  usePageMeta({ title: 'Caja del día' });
  const { userRole, userId } = useAuth();
  const puede = permite(pagosRutas.caja.auth, userRole);
  const admin = normalizarRol(userRole) === 'administrador';
  const [fecha, setFecha] = useState<string>(hoy());
  const [usuario, setUsuario] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const cajeros = useCajeros(admin);
  const usuarioId = usuario ? Number(usuario) : (userId ?? undefined);
  const caja = useCaja({ fecha, ...(usuario ? { usuario_id: Number(usuario) } : {}) }, puede);
  const pagos = usePagos(
    { fecha, pagina, porPagina: POR_PAGINA, ...(usuarioId ? { registrado_por: Number(usuarioId) } : {}) },
    puede,
  );
  if (!puede) return <SinAcceso />;
  const propia = !usuario || Number(usuario) === userId;

  return (
    <>
      <PageHeader
        eyebrow="Caja"
        title="Caja del día"
        description="Los pagos registrados en la caja, los totales por método y el cierre con el efectivo contado."
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateInput
              w={{ base: '100%', xs: 220 }}
              label="Día"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={leerFecha}
              maxDate={hoy()}
              inputMode="numeric"
              value={fecha}
              onChange={(v) => {
                if (v) setFecha(v);
                setPagina(1);
              }}
            />
            {admin && (
              <Select
                w={{ base: '100%', xs: 260 }}
                label="Caja de"
                placeholder="Mi caja"
                data={cajeros}
                value={usuario}
                onChange={(v) => {
                  setUsuario(v);
                  setPagina(1);
                }}
                searchable
                clearable
                nothingFoundMessage="Nadie con ese nombre"
              />
            )}
          </Group>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          {caja.isPending ? (
            <SkeletonLineas lineas={4} etiqueta="Cargando la caja…" />
          ) : caja.isError ? (
            <ErrorDeCarga consulta={caja} />
          ) : (
            <Stack gap="lg">
              <Title order={2} fz="h4">
                Caja de {caja.data.usuario.nombre} · {formatFecha(caja.data.fecha)}
              </Title>
              <Totales r={caja.data} />
              {caja.data.cierre ? (
                <CierreHecho c={caja.data.cierre} />
              ) : propia ? (
                <CerrarCaja key={caja.data.fecha} r={caja.data} />
              ) : (
                <Text c="dimmed">Esta caja aún no se ha cerrado: la cierra quien la atiende.</Text>
              )}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              Pagos del día
            </Title>
            <PaginaPagos
              consulta={pagos}
              pagina={pagina}
              onPagina={setPagina}
              titulo="Pagos registrados en esta caja, del más reciente al más antiguo"
              vacio={{
                titulo: 'Sin pagos este día',
                descripcion: 'Los pagos se registran desde el detalle de cada cita.',
              }}
            />
          </Stack>
        </Paper>
        {admin && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} fz="h4">
                Cierres del día
              </Title>
              <CierresDelDia fecha={fecha} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
