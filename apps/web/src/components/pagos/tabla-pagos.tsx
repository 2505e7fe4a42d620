// A list of payments (issue 23): receipt number, date, who paid, what for, how, how much and its state, with the
// receipt's download and, for administrators, "Anular". The appointment's details, the desk's "Caja" and the
// patient's "Mis pagos" show it; below the width of its columns it stacks into cards.
import {
  estadoPagoNombres,
  metodoPagoNombres,
  numeroRecibo,
  type EstadoPago,
  type MetodoPago,
} from '@clinica/contracts/pagos';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { permite } from '@clinica/contracts/roles';
import { Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceipt, IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Estado } from '../../app/theme.ts';
import { descargarRecibo } from '../../lib/api/pagos/descargar-recibo.ts';
import type { ListaPagosWire, PagoWire } from '../../lib/api/pagos/tipos.ts';
import { formatCOP } from '../../lib/format.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { etiquetasPaginacion, textoMostrando } from '../../lib/paginacion.ts';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { CitaBadge } from '../cita-badges.tsx';
import { EstadoError } from '../estado-error.tsx';
import { EstadoVacio } from '../estado-vacio.tsx';
import { SkeletonTabla } from '../skeletons.tsx';
import { SoloApilada, TablaApilable } from '../tabla-apilable.tsx';
import { AnularPagoModal } from './anular-pago-modal.tsx';

const TONOS: Record<EstadoPago, Estado> = {
  aprobado: 'success',
  pendiente: 'warning',
  rechazado: 'danger',
  anulado: 'danger',
};

export function EstadoPagoBadge({ estado }: { estado: EstadoPago }) {
  return <CitaBadge tono={TONOS[estado]} texto={estadoPagoNombres[estado]} size="sm" />;
}

/** The receipt number as printed on it: N.º 000123. */
export const numeroReciboImpreso = (n: number) => `N.º ${numeroRecibo(n)}`;

/** Downloads a payment's receipt, saying so when it fails. */
export function BotonRecibo({
  pago,
  variante = 'subtle',
}: {
  pago: PagoWire;
  variante?: 'subtle' | 'light' | 'filled';
}) {
  const [bajando, setBajando] = useState(false);
  if (pago.recibo_numero === null) return null;
  const bajar = () => {
    setBajando(true);
    descargarRecibo(pago.id)
      .catch((e: unknown) =>
        notifications.show({ color: 'red', title: 'No pudimos descargar el recibo', message: mensajeDeError(e) }),
      )
      .finally(() => setBajando(false));
  };
  return (
    <Button
      size="xs"
      variant={variante}
      loading={bajando}
      onClick={bajar}
      leftSection={<IconReceipt size={16} aria-hidden="true" />}
      aria-label={`Descargar el recibo ${numeroReciboImpreso(pago.recibo_numero)}`}
    >
      Recibo
    </Button>
  );
}

export function TablaPagos({
  pagos,
  conPaciente = true,
  titulo,
}: {
  pagos: readonly PagoWire[];
  /** Show who paid (not on the patient's own list). */
  conPaciente?: boolean;
  titulo: string;
}) {
  const { userRole } = useAuth();
  const anula = permite(pagosRutas.anular.auth, userRole);
  const [anulando, setAnulando] = useState<PagoWire | null>(null);
  return (
    <>
      <TablaApilable apilarBajo={820}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Caption>{titulo}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recibo</Table.Th>
              <Table.Th>Fecha</Table.Th>
              {conPaciente && <Table.Th>Paciente</Table.Th>}
              <Table.Th>Concepto</Table.Th>
              <Table.Th>Método</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pagos.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <SoloApilada>Recibo </SoloApilada>
                  {p.recibo_numero === null ? 'Sin recibo' : numeroReciboImpreso(p.recibo_numero)}
                </Table.Td>
                <Table.Td data-label="Fecha">{formatFechaHora(p.registrado_en)}</Table.Td>
                {conPaciente && <Table.Td data-label="Paciente">{p.paciente.nombre}</Table.Td>}
                {/* One block per cell: as a stacked card's flex row, a bare text and its note sat side by side. */}
                <Table.Td data-label="Concepto">
                  <div>
                    {p.descripcion}
                    {p.anulacion && (
                      <Text size="xs" c="dimmed">
                        Anulado: {p.anulacion.motivo}
                      </Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td data-label="Método">
                  <div>
                    {metodoPagoNombres[p.metodo as MetodoPago]}
                    {p.referencia && (
                      <Text size="xs" c="dimmed">
                        Ref. {p.referencia}
                      </Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td data-label="Valor" style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {p.concepto === 'devolucion' ? `- ${formatCOP(p.monto)}` : formatCOP(p.monto)}
                </Table.Td>
                <Table.Td data-label="Estado">
                  <EstadoPagoBadge estado={p.estado} />
                </Table.Td>
                <Table.Td data-acciones>
                  <Group gap={4} wrap="nowrap">
                    <BotonRecibo pago={p} />
                    {anula && p.estado === 'aprobado' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setAnulando(p)}
                        leftSection={<IconReceiptOff size={16} aria-hidden="true" />}
                      >
                        Anular
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TablaApilable>
      <AnularPagoModal pago={anulando} onClose={() => setAnulando(null)} />
    </>
  );
}

type ConsultaPagos = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  data?: ListaPagosWire | undefined;
};

/** One page of a payments list with its loading, error and empty states, the count and the pages. */
export function PaginaPagos({
  consulta,
  pagina,
  onPagina,
  conPaciente,
  titulo,
  vacio,
}: {
  consulta: ConsultaPagos;
  pagina: number;
  onPagina: (p: number) => void;
  conPaciente?: boolean;
  titulo: string;
  vacio: { titulo: string; descripcion: string };
}) {
  if (consulta.isPending) return <SkeletonTabla filas={4} columnas={5} etiqueta="Cargando pagos…" />;
  if (consulta.isError || !consulta.data)
    return (
      <EstadoError
        titulo="No pudimos cargar los pagos"
        mensaje={consulta.error?.message ?? 'Inténtalo de nuevo.'}
        onRetry={() => void consulta.refetch()}
        reintentando={consulta.isFetching}
      />
    );
  const { items, total, porPagina } = consulta.data;
  if (items.length === 0)
    return (
      <EstadoVacio
        icono={<IconReceipt size={26} stroke={1.6} aria-hidden="true" />}
        titulo={vacio.titulo}
        descripcion={vacio.descripcion}
      />
    );
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const desde = (pagina - 1) * porPagina + 1;
  return (
    <Stack gap="md" aria-busy={consulta.isFetching}>
      <TablaPagos pagos={items} conPaciente={conPaciente ?? true} titulo={titulo} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {textoMostrando(desde, desde + items.length - 1, total, { singular: 'pago', plural: 'pagos' })}
        </Text>
        {paginas > 1 && (
          <Pagination total={paginas} value={Math.min(pagina, paginas)} onChange={onPagina} {...etiquetasPaginacion} />
        )}
      </Group>
    </Stack>
  );
}
