// The appointment's payment for the desk (issue 23, "Registrar pago"): what it costs, what was paid (deposits
// included) and the balance, all computed by the server; the method and an optional reference; after registering,
// the receipt to download and print. Why no payment can be taken (cancelled, nothing owed, an evaluation without a
// catalogue price) is said instead of the form. Below, the appointment's payments with their receipts.
import { metodoPagoNombres, metodosCaja } from '@clinica/contracts/pagos';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { permite } from '@clinica/contracts/roles';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCash, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Dato } from '../../../components/dato.tsx';
import { BotonRecibo, numeroReciboImpreso, TablaPagos } from '../../../components/pagos/tabla-pagos.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useSaldo } from '../../../lib/api/pagos/get-saldo.ts';
import { useRegistrarPago } from '../../../lib/api/pagos/registrar-pago.ts';
import { useDevolverAnticipo } from '../../../lib/api/pagos/devolver-anticipo.ts';
import type { PagoWire, SaldoCitaWire } from '../../../lib/api/pagos/tipos.ts';
import { formatCOP } from '../../../lib/format.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { ErrorDeCarga, SeccionCita } from './seccion-cita.tsx';

type Metodo = (typeof metodosCaja)[number] | 'saldo_a_favor';
const METODOS = metodosCaja.map((m) => ({ value: m as Metodo, label: metodoPagoNombres[m] }));
/** The desk's methods, and the patient's credit when she has some (docs/dinero.md "Anticipos"). */
const metodosCon = (credito: number) =>
  credito > 0
    ? [...METODOS, { value: 'saldo_a_favor' as Metodo, label: `Saldo a favor (${formatCOP(credito)})` }]
    : METODOS;

function FormularioPago({ saldo, onPagado }: { saldo: SaldoCitaWire; onPagado: (p: PagoWire) => void }) {
  const registrar = useRegistrarPago();
  const [metodo, setMetodo] = useState<Metodo>('efectivo');
  const [referencia, setReferencia] = useState('');
  const [error, setError] = useState<string | null>(null);

  function enviar(e: FormEvent) {
    e.preventDefault();
    setError(null);
    registrar.mutate(
      { cita_id: saldo.cita_id, metodo, ...(referencia.trim() ? { referencia: referencia.trim() } : {}) },
      {
        onSuccess: (p) => {
          setReferencia('');
          onPagado(p);
        },
        onError: (err) => setError(mensajeDeError(err, 'No pudimos registrar el pago. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <form onSubmit={enviar} aria-label="Registrar pago">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Método de pago"
            data={metodosCon(saldo.saldo_a_favor)}
            value={metodo}
            onChange={(v) => v && setMetodo(v as Metodo)}
            allowDeselect={false}
            description="Cómo pagó la paciente"
            required
          />
          <TextInput
            label="Referencia"
            description={metodo === 'efectivo' ? 'Opcional en efectivo' : 'Voucher del datáfono o referencia del pago'}
            value={referencia}
            maxLength={100}
            onChange={(e) => setReferencia(e.currentTarget.value)}
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={registrar.isPending} leftSection={<IconCash size={18} aria-hidden="true" />}>
            {saldo.cobra === 'anticipo'
              ? `Registrar anticipo de ${formatCOP(saldo.saldo)}`
              : `Registrar pago de ${formatCOP(saldo.saldo)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The refund the cancellation policy owes: the desk pays it out (the amount is the server's). */
function FormularioDevolucion({ saldo, onPagado }: { saldo: SaldoCitaWire; onPagado: (p: PagoWire) => void }) {
  const devolver = useDevolverAnticipo();
  const [metodo, setMetodo] = useState<(typeof metodosCaja)[number]>('efectivo');
  const [error, setError] = useState<string | null>(null);
  function enviar(e: FormEvent) {
    e.preventDefault();
    setError(null);
    devolver.mutate(
      { cita_id: saldo.cita_id, metodo },
      {
        onSuccess: onPagado,
        onError: (err) => setError(mensajeDeError(err, 'No pudimos registrar la devolución. Inténtalo de nuevo.')),
      },
    );
  }
  return (
    <form onSubmit={enviar} aria-label="Devolver anticipo">
      <Stack gap="sm">
        <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          La paciente canceló a tiempo y pidió la devolución del anticipo: hay {formatCOP(saldo.devolucion_pendiente)}{' '}
          por devolver.
        </Alert>
        <Select
          label="Cómo se devuelve"
          data={METODOS.filter((m) => m.value !== 'saldo_a_favor')}
          value={metodo}
          onChange={(v) => v && setMetodo(v as (typeof metodosCaja)[number])}
          allowDeselect={false}
          required
          maw={320}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" color="orange.9" loading={devolver.isPending}>
            Devolver {formatCOP(saldo.devolucion_pendiente)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PagoCita({ cita }: { cita: CitaWire }) {
  const { userRole } = useAuth();
  const caja = permite(pagosRutas.registrar.auth, userRole);
  const saldo = useSaldo(cita.id, caja);
  const [pagado, setPagado] = useState<PagoWire | null>(null);
  if (!caja) return null;

  let contenido;
  if (saldo.isPending) contenido = <SkeletonLineas lineas={3} etiqueta="Cargando el saldo…" />;
  else if (saldo.isError) contenido = <ErrorDeCarga titulo="No pudimos cargar el saldo" consulta={saldo} />;
  else {
    const s = saldo.data;
    contenido = (
      <>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Dato etiqueta="Valor">{s.precio === null ? 'Sin cobro' : `${formatCOP(s.precio)} · ${s.concepto}`}</Dato>
          <Dato etiqueta="Pagado">
            {formatCOP(s.pagado)}
            {s.devuelto > 0 && ` (devuelto ${formatCOP(s.devuelto)})`}
          </Dato>
          <Dato etiqueta={s.cobra === 'anticipo' ? 'Anticipo por pagar' : 'Saldo por pagar'}>
            <Text fw={700} fz="lg" span>
              {formatCOP(s.saldo)}
            </Text>
          </Dato>
        </SimpleGrid>
        {pagado && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />} title="Pago registrado">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Recibo {pagado.recibo_numero === null ? '' : numeroReciboImpreso(pagado.recibo_numero)} por{' '}
                {formatCOP(pagado.monto)}. Descárgalo para imprimirlo o entregarlo a la paciente.
              </Text>
              <BotonRecibo pago={pagado} variante="light" />
            </Stack>
          </Alert>
        )}
        {s.devolucion_pendiente > 0 && <FormularioDevolucion saldo={s} onPagado={setPagado} />}
        {s.impedimento ? (
          !pagado &&
          s.devolucion_pendiente === 0 && (
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
              {s.impedimento}
            </Alert>
          )
        ) : (
          <FormularioPago saldo={s} onPagado={setPagado} />
        )}
        {s.pagos.length > 0 && <TablaPagos pagos={s.pagos} conPaciente={false} titulo="Pagos de esta cita" />}
      </>
    );
  }
  return (
    <SeccionCita id="pago-titulo" titulo="Pago">
      {contenido}
    </SeccionCita>
  );
}
