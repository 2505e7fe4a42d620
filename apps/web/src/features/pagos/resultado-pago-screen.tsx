// /pago-en-linea/resultado (issue 23, item 3): where Wompi sends the patient back with its transaction id (`?id=`).
// The page asks our API, which asks Wompi and records the result (the same resolution as the provider's event), and
// says in Spanish whether the payment was approved, declined or is still pending, with a way back.
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { formatCOP } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResultadoEnLinea } from '../../lib/api/pagos/en-linea.ts';

const ID_VALIDO = /^[A-Za-z0-9_-]{1,64}$/;

export default function ResultadoPagoScreen() {
  usePageMeta({ title: 'Resultado del pago' });
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const valido = id !== null && ID_VALIDO.test(id);
  const q = useResultadoEnLinea(valido ? id : null);
  const volver = (
    <Group gap="sm">
      {q.data?.cita_id && (
        <Button component={Link} to={paths.detallesCita(q.data.cita_id)} variant="light">
          Ver la cita
        </Button>
      )}
      <Anchor component={Link} to={paths.misCitas}>
        Mis citas
      </Anchor>
      <Anchor component={Link} to={paths.misPagos}>
        Mis pagos
      </Anchor>
    </Group>
  );
  let contenido;
  if (!valido) {
    contenido = (
      <EstadoError titulo="No encontramos ese pago" mensaje="La dirección no trae el número de la transacción." />
    );
  } else if (q.isPending) {
    contenido = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Consultando tu pago…</Text>
      </Group>
    );
  } else if (q.isError) {
    contenido = (
      <EstadoError
        titulo="No pudimos consultar tu pago"
        mensaje={mensajeDeError(q.error, 'Inténtalo de nuevo en unos segundos.')}
        onRetry={() => void q.refetch()}
        reintentando={q.isFetching}
      />
    );
  } else {
    const r = q.data;
    const monto = formatCOP(r.monto);
    const que = r.concepto === 'anticipo' ? 'el anticipo de tu cita' : 'el saldo de tu cita';
    contenido =
      r.estado === 'aprobado' ? (
        <Stack gap="xs" role="status">
          <Group gap="xs">
            <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden="true" />
            <Title order={2} fz="h4">
              Pago aprobado
            </Title>
          </Group>
          <Text>
            Recibimos {monto} por {que}.{r.recibo_numero !== null && ' Tu recibo de caja está en Mis pagos.'}
          </Text>
        </Stack>
      ) : r.estado === 'pendiente' ? (
        <Stack gap="xs" role="status">
          <Group gap="xs">
            <IconClockHour4 size={28} color="var(--mantine-color-yellow-8)" aria-hidden="true" />
            <Title order={2} fz="h4">
              Pago en proceso
            </Title>
          </Group>
          <Text>
            Tu pago de {monto} aún no está confirmado por el banco. Te avisaremos cuando se apruebe; no lo repitas
            mientras tanto.
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs" role="status">
          <Group gap="xs">
            <IconCircleX size={28} color="var(--mantine-color-red-7)" aria-hidden="true" />
            <Title order={2} fz="h4">
              Pago no aprobado
            </Title>
          </Group>
          <Text>
            Tu pago de {monto} no fue aprobado y no se te cobró. Puedes intentarlo de nuevo desde tu cita o pagar en la
            recepción.
          </Text>
        </Stack>
      );
  }
  return (
    <>
      <PageHeader eyebrow="Mi cuenta" title="Resultado del pago" />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          {contenido}
          {volver}
        </Stack>
      </Paper>
    </>
  );
}
