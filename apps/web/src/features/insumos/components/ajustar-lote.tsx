// «Ajustar» a lot: breakage or an expired lot discarded take a quantity out; a count states what was counted (the
// server records the difference). The reason is always required. A 409 (not that much left) shows the server's words.
import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAdjustments } from '@tabler/icons-react';
import { ajusteSchema, MOTIVOS_AJUSTE, motivoAjusteNombres, type MotivoAjuste } from '@clinica/contracts/insumos';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';
import { BotonEnviar } from '../../../components/boton-con-icono.tsx';
import { FormularioConEnvio } from '../../../components/formulario-con-envio.tsx';
import { camposCantidad, cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { useEnvioFormulario } from '../../../lib/forms/envio-formulario.ts';
import { TextoLargo } from '../../../lib/forms/texto-largo.tsx';
import { zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { useAjustarLote } from '../../../lib/api/insumos/ajustar-lote.ts';
import type { LoteWire, ProductoDetalleWire } from '../../../lib/api/insumos/tipos.ts';

type Valores = { motivo: MotivoAjuste; cantidad: number | string; detalle: string };

// One quantity field on screen; the contract calls it «contado» for a count.
const aEntrada = ({ motivo, cantidad, detalle }: Valores) => {
  const n = cantidad === '' ? undefined : cantidad;
  return motivo === 'correccion_conteo' ? { motivo, contado: n, detalle } : { motivo, cantidad: n, detalle };
};

export function AjustarLote({
  producto,
  lote,
  onListo,
}: {
  producto: ProductoDetalleWire;
  lote: LoteWire;
  onListo: () => void;
}) {
  const ajustar = useAjustarLote();
  const form = useForm({
    initialValues: { motivo: lote.vencido ? 'vencido' : 'rotura', cantidad: '', detalle: '' } as Valores,
    ...zodFormOptions({ schema: ajusteSchema, toInput: aEntrada }),
  });
  const envio = useEnvioFormulario(form, 'No pudimos ajustar el lote', { alertaConCampos: false });
  const conteo = form.values.motivo === 'correccion_conteo';
  // The contract names the count's field «contado»: its message goes on the one quantity field.
  const errorCantidad = form.errors['cantidad'] ?? form.errors['contado'];

  function enviar(datos: TransformedValues<typeof form>) {
    envio.setFallo(null);
    ajustar.mutate(
      { loteId: lote.id, body: datos },
      {
        onSuccess: (l) => {
          notifications.show({
            color: 'green',
            message: `Lote ${l.numero} ajustado: quedan ${cantidadConUnidad(l.existencia, producto.unidad)}.`,
          });
          onListo();
        },
        onError: envio.fallar,
      },
    );
  }

  return (
    <FormularioConEnvio form={form} envio={envio} enviar={enviar} aria-label={`Ajustar el lote ${lote.numero}`}>
      <Stack gap="sm">
        <Text size="sm">
          {`Lote ${lote.numero}: hay ${cantidadConUnidad(lote.existencia, producto.unidad)} en existencia.`}
        </Text>
        <AlertaFallo titulo="No se ajustó el lote" mensaje={envio.fallo} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="motivo-ajuste">
            Motivo
          </Text>
          <SegmentedControl
            aria-labelledby="motivo-ajuste"
            orientation="vertical"
            fullWidth
            data={MOTIVOS_AJUSTE.map((m) => ({ value: m, label: motivoAjusteNombres[m] }))}
            {...form.getInputProps('motivo')}
            onChange={(v) => {
              form.setFieldValue('motivo', v as MotivoAjuste);
              form.clearFieldError('cantidad');
              form.clearFieldError('contado');
            }}
          />
        </Stack>
        <NumberInput
          label={conteo ? `Lo contado (${producto.unidad})` : `Cantidad que sale (${producto.unidad})`}
          description={conteo ? 'Lo que hay de verdad en el lote; se registra la diferencia.' : undefined}
          required
          min={0}
          {...camposCantidad}
          {...form.getInputProps('cantidad')}
          error={errorCantidad}
        />
        <TextoLargo label="Por qué" required filas={3} maximo={500} {...form.getInputProps('detalle')} />
        <AccionesDialogo volver="Cancelar" onVolver={onListo} ocupado={ajustar.isPending}>
          <BotonEnviar cargando={ajustar.isPending} icono={IconAdjustments}>
            Registrar ajuste
          </BotonEnviar>
        </AccionesDialogo>
      </Stack>
    </FormularioConEnvio>
  );
}
