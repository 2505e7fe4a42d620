// The form of a product: name, type, manufacturer, INVIMA registration (checked and written as the contracts
// normalise it), unit and the minimum stock under which the dashboard warns. Validated with the contract's schema;
// the server's field messages land on their fields. Editing sends only what changed.
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  crearProductoSchema,
  tipoProductoNombres,
  TIPOS_PRODUCTO,
  UNIDADES_PRODUCTO,
} from '@clinica/contracts/insumos';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';
import { BotonEnviar } from '../../../components/boton-con-icono.tsx';
import { FormularioConEnvio } from '../../../components/formulario-con-envio.tsx';
import { camposCantidad } from '../../../components/insumos/insumos-textos.ts';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { useEnvioFormulario } from '../../../lib/forms/envio-formulario.ts';
import { zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { useGuardarProducto } from '../../../lib/api/insumos/guardar-producto.ts';
import type { ProductoWire } from '../../../lib/api/insumos/tipos.ts';

type Valores = {
  nombre: string;
  tipo: string;
  fabricante: string;
  registro_invima: string;
  unidad: string;
  stock_minimo: number | string;
};

const nombresUnidad: Record<(typeof UNIDADES_PRODUCTO)[number], string> = {
  U: 'U (unidades de toxina)',
  mL: 'mL',
  unidad: 'Unidad (jeringa, vial, hilo)',
};

// An empty minimum is 0 (never warns); the selects keep '' for nothing chosen.
const aEntrada = (v: Valores) => ({ ...v, stock_minimo: v.stock_minimo === '' ? 0 : v.stock_minimo });

export function ProductoForm({ producto, onListo }: { producto: ProductoWire | null; onListo: () => void }) {
  const guardar = useGuardarProducto();
  const inicial: Valores = {
    nombre: producto?.nombre ?? '',
    tipo: producto?.tipo ?? '',
    fabricante: producto?.fabricante ?? '',
    registro_invima: producto?.registro_invima ?? '',
    unidad: producto?.unidad ?? '',
    stock_minimo: producto?.stock_minimo ?? '',
  };
  const form = useForm({
    initialValues: inicial,
    ...zodFormOptions({ schema: crearProductoSchema, toInput: aEntrada }),
  });
  const envio = useEnvioFormulario(form, 'No pudimos guardar el producto', { alertaConCampos: false });

  function enviar(datos: TransformedValues<typeof form>) {
    envio.setFallo(null);
    const body = producto
      ? Object.fromEntries(Object.entries(datos).filter(([k, v]) => producto[k as keyof ProductoWire] !== v))
      : datos;
    if (producto && Object.keys(body).length === 0) return onListo();
    guardar.mutate(producto ? { id: producto.id, body } : { id: null, body: datos }, {
      onSuccess: (p) => {
        notifications.show({ color: 'green', message: `Producto «${p.nombre}» guardado.` });
        onListo();
      },
      onError: envio.fallar,
    });
  }

  return (
    <FormularioConEnvio
      form={form}
      envio={envio}
      enviar={enviar}
      aria-label={producto ? 'Editar producto' : 'Nuevo producto'}
    >
      <Stack gap="sm">
        <AlertaFallo titulo="No pudimos guardar el producto" mensaje={envio.fallo} />
        <TextInput label="Nombre" required maxLength={120} data-autofocus {...form.getInputProps('nombre')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Tipo"
            required
            placeholder="Elige el tipo"
            data={TIPOS_PRODUCTO.map((t) => ({ value: t, label: tipoProductoNombres[t] }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('tipo', { select: true })}
          />
          <TextInput label="Fabricante" required maxLength={120} {...form.getInputProps('fabricante')} />
        </SimpleGrid>
        <TextInput
          label="Registro sanitario INVIMA"
          required
          maxLength={40}
          description="Como aparece en la caja, p. ej. INVIMA 2019DM-0020231."
          {...form.getInputProps('registro_invima')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Unidad"
            required
            placeholder="Elige la unidad"
            data={UNIDADES_PRODUCTO.map((u) => ({ value: u, label: nombresUnidad[u] }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('unidad', { select: true })}
          />
          <NumberInput
            label="Stock mínimo"
            description="Por debajo, el panel avisa (0: nunca)."
            min={0}
            {...camposCantidad}
            {...form.getInputProps('stock_minimo')}
          />
        </SimpleGrid>
        <AccionesDialogo volver="Cancelar" onVolver={onListo} ocupado={guardar.isPending}>
          <BotonEnviar cargando={guardar.isPending} icono={IconDeviceFloppy}>
            {producto ? 'Guardar cambios' : 'Crear producto'}
          </BotonEnviar>
        </AccionesDialogo>
      </Stack>
    </FormularioConEnvio>
  );
}
