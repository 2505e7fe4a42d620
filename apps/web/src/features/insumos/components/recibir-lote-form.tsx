// «Recibir lote»: number, expiry (a date picker from today on; an expired lot is refused), the quantity in the
// product's unit, supplier and purchase reference. Validated with the contract's schema; the server's field
// messages (a number already received, an expiry in the past) land on their fields.
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm, type TransformedValues } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconPackageImport } from '@tabler/icons-react';
import { recibirLoteSchema } from '@clinica/contracts/insumos';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';
import { BotonEnviar } from '../../../components/boton-con-icono.tsx';
import { FormularioConEnvio } from '../../../components/formulario-con-envio.tsx';
import { camposCantidad, cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { useEnvioFormulario } from '../../../lib/forms/envio-formulario.ts';
import { zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { hoy } from '../../../lib/tiempo.ts';
import { useRecibirLote } from '../../../lib/api/insumos/recibir-lote.ts';
import type { ProductoDetalleWire } from '../../../lib/api/insumos/tipos.ts';

type Valores = {
  numero: string;
  vence_el: string;
  cantidad: number | string;
  proveedor: string;
  referencia_compra: string;
};
const vacio: Valores = { numero: '', vence_el: '', cantidad: '', proveedor: '', referencia_compra: '' };

const aEntrada = (v: Valores) => ({
  ...v,
  cantidad: v.cantidad === '' ? undefined : v.cantidad,
  referencia_compra: v.referencia_compra.trim() ? v.referencia_compra : null,
});

export function RecibirLoteForm({ producto, onListo }: { producto: ProductoDetalleWire; onListo: () => void }) {
  const recibir = useRecibirLote();
  const form = useForm({ initialValues: vacio, ...zodFormOptions({ schema: recibirLoteSchema, toInput: aEntrada }) });
  const envio = useEnvioFormulario(form, 'No pudimos recibir el lote', { alertaConCampos: false });

  function enviar(datos: TransformedValues<typeof form>) {
    envio.setFallo(null);
    recibir.mutate(
      { productoId: producto.id, body: datos },
      {
        onSuccess: (lote) => {
          notifications.show({
            color: 'green',
            message: `Lote ${lote.numero} recibido: ${cantidadConUnidad(lote.cantidad_recibida, producto.unidad)}.`,
          });
          onListo();
        },
        onError: envio.fallar,
      },
    );
  }

  const { value: vence, onChange: cambiarVence, ...venceProps } = form.getInputProps('vence_el');
  return (
    <FormularioConEnvio form={form} envio={envio} enviar={enviar} aria-label="Recibir lote">
      <Stack gap="sm">
        <AlertaFallo titulo="No pudimos recibir el lote" mensaje={envio.fallo} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Número de lote" required maxLength={40} data-autofocus {...form.getInputProps('numero')} />
          <DatePickerInput
            label="Vence el"
            required
            placeholder="Elige la fecha"
            valueFormat="DD/MM/YYYY"
            minDate={hoy()}
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            popoverProps={{ withinPortal: true }}
            value={(vence as string) || null}
            onChange={(d) => (cambiarVence as (v: string) => void)(d ?? '')}
            {...venceProps}
          />
        </SimpleGrid>
        <NumberInput
          label={`Cantidad recibida (${producto.unidad})`}
          required
          min={0}
          {...camposCantidad}
          rightSection={
            <span aria-hidden="true" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
              {producto.unidad}
            </span>
          }
          rightSectionWidth={producto.unidad === 'unidad' ? 64 : 40}
          {...form.getInputProps('cantidad')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Proveedor" required maxLength={120} {...form.getInputProps('proveedor')} />
          <TextInput
            label="Referencia de compra"
            description="Factura u orden (opcional)."
            maxLength={80}
            {...form.getInputProps('referencia_compra')}
          />
        </SimpleGrid>
        <AccionesDialogo volver="Cancelar" onVolver={onListo} ocupado={recibir.isPending}>
          <BotonEnviar cargando={recibir.isPending} icono={IconPackageImport}>
            Recibir lote
          </BotonEnviar>
        </AccionesDialogo>
      </Stack>
    </FormularioConEnvio>
  );
}
