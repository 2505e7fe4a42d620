// "Vender paquete" at the desk (issue 23, item 4): pick one of the active packages, how she paid (cash, card on the
// terminal, transfer, Nequi/Daviplata) and the voucher or reference; the price shown is the package's and the server
// charges that one (the form sends no amount). On success, the receipt number.
import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceipt } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { metodoPagoNombres, metodosCaja, numeroRecibo } from '@clinica/contracts/pagos';
import { mensajeDeError, serverFieldErrors, type FieldErrors } from '../../../lib/forms/field-errors.ts';
import { formatCOP } from '../../../lib/format.ts';
import { usePaquetes } from '../../../lib/api/paquetes/get-paquetes.ts';
import type { VentaWire } from '../../../lib/api/paquetes/tipos.ts';
import { useVenderPaquete } from '../../../lib/api/paquetes/vender-paquete.ts';
import { sesiones } from '../../../components/paquetes/paquete-textos.ts';

type MetodoCaja = (typeof metodosCaja)[number];

export function VenderPaquete({ pacienteId, nombre }: { pacienteId: number; nombre: string }) {
  const definiciones = usePaquetes();
  const vender = useVenderPaquete();
  const [paquete, setPaquete] = useState<string | null>(null);
  const [metodo, setMetodo] = useState<MetodoCaja | null>(null);
  const [referencia, setReferencia] = useState('');
  const [errores, setErrores] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [vendido, setVendido] = useState<VentaWire | null>(null);

  const activos = (definiciones.data ?? []).filter((d) => d.activo);
  const elegido = activos.find((d) => String(d.id) === paquete) ?? null;

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const faltan: FieldErrors = {};
    if (!paquete) faltan['paquete_id'] = 'Elige el paquete';
    if (!metodo) faltan['metodo'] = 'Elige cómo pagó';
    setErrores(faltan);
    setGeneral(null);
    if (!paquete || !metodo) return;
    vender.mutate(
      { paciente_id: pacienteId, paquete_id: Number(paquete), metodo, referencia: referencia.trim() || undefined },
      {
        onSuccess: (v) => {
          setVendido(v);
          setPaquete(null);
          setMetodo(null);
          setReferencia('');
          notifications.show({
            color: 'green',
            title: 'Paquete vendido',
            message: `${v.paquete.nombre} para ${nombre}: ${formatCOP(v.pago.monto)}, recibo N.º ${numeroRecibo(v.pago.recibo_numero)}.`,
          });
        },
        onError: (err) => {
          setErrores(serverFieldErrors(err));
          setGeneral(mensajeDeError(err, 'No pudimos registrar la venta. Inténtalo de nuevo.'));
        },
      },
    );
  };

  return (
    <form onSubmit={enviar} noValidate aria-labelledby="vender-paquete">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="vender-paquete">
          Vender paquete
        </Title>
        {vendido && (
          <Alert color="green" variant="light" icon={<IconReceipt aria-hidden="true" />} role="status">
            {`Vendido: ${vendido.paquete.nombre}, ${formatCOP(vendido.pago.monto)} (${metodoPagoNombres[vendido.pago.metodo]}). Recibo de caja N.º ${numeroRecibo(vendido.pago.recibo_numero)}.`}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Paquete"
            required
            searchable
            placeholder={definiciones.isPending ? 'Cargando…' : 'Elige un paquete'}
            data={activos.map((d) => ({ value: String(d.id), label: d.nombre }))}
            value={paquete}
            onChange={setPaquete}
            error={errores['paquete_id']}
            nothingFoundMessage="No hay paquetes activos con ese nombre"
          />
          <Select
            label="Cómo pagó"
            required
            placeholder="Elige el método"
            data={metodosCaja.map((m) => ({ value: m, label: metodoPagoNombres[m] }))}
            value={metodo}
            onChange={(v) => setMetodo(v as MetodoCaja | null)}
            error={errores['metodo']}
          />
          <TextInput
            label="Referencia"
            placeholder="Voucher o n.º de transferencia"
            maxLength={100}
            value={referencia}
            onChange={(e) => setReferencia(e.currentTarget.value)}
            error={errores['referencia']}
          />
        </SimpleGrid>
        {elegido && (
          <Text size="sm">
            {`${elegido.procedimiento.nombre}: ${sesiones(elegido.sesiones)}, vigencia ${elegido.vigencia_dias} días. `}
            <Text span fw={700}>
              Total a cobrar: {formatCOP(elegido.precio)}
            </Text>
          </Text>
        )}
        {definiciones.isSuccess && activos.length === 0 && (
          <Text size="sm" c="dimmed">
            No hay paquetes activos para vender. Defínelos en «Paquetes de sesiones».
          </Text>
        )}
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={vender.isPending} leftSection={<IconReceipt size={16} aria-hidden="true" />}>
            Registrar venta
          </Button>
        </div>
      </Stack>
    </form>
  );
}
