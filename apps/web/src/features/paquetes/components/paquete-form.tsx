// The form of a package definition: name, procedure (active ones), sessions (1-100), price in whole pesos and
// validity in days (1-1825). Used to define one and to change one; a change never touches packages already sold.
import { Alert, Button, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { PRECIO_PAQUETE_MAX, SESIONES_PAQUETE, VIGENCIA_PAQUETE_DIAS } from '@clinica/contracts/paquetes-rutas';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';
import { camposPesos } from '../../../lib/forms/campo-pesos.ts';
import { mensajeDeError, serverFieldErrors, type FieldErrors } from '../../../lib/forms/field-errors.ts';
import { useOpcionesProcedimiento } from '../../../lib/api/procedimientos/get-procedimientos.ts';
import { useGuardarPaquete } from '../../../lib/api/paquetes/guardar-paquete.ts';
import type { PaqueteWire } from '../../../lib/api/paquetes/tipos.ts';

const entre = (v: number | string, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export function PaqueteForm({ paquete, onListo }: { paquete: PaqueteWire | null; onListo: () => void }) {
  const opciones = useOpcionesProcedimiento();
  const guardar = useGuardarPaquete();
  const [nombre, setNombre] = useState(paquete?.nombre ?? '');
  const [procedimiento, setProcedimiento] = useState<string | null>(paquete ? String(paquete.procedimiento.id) : null);
  const [numero, setNumero] = useState<number | string>(paquete?.sesiones ?? 5);
  const [precio, setPrecio] = useState<number | string>(paquete?.precio ?? '');
  const [vigencia, setVigencia] = useState<number | string>(paquete?.vigencia_dias ?? 180);
  const [errores, setErrores] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);

  // The procedure it already sells stays a choice even if it is no longer offered.
  const procedimientos = [
    ...(opciones.data ?? []),
    ...(paquete && !opciones.data?.some((p) => p.id === paquete.procedimiento.id) ? [paquete.procedimiento] : []),
  ];

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const faltan: FieldErrors = {};
    if (nombre.trim().length < 3) faltan['nombre'] = 'Escribe el nombre del paquete (mínimo 3 caracteres)';
    if (!procedimiento) faltan['procedimiento_id'] = 'Elige el procedimiento de las sesiones';
    if (!entre(numero, SESIONES_PAQUETE.min, SESIONES_PAQUETE.max))
      faltan['sesiones'] = `Entre ${SESIONES_PAQUETE.min} y ${SESIONES_PAQUETE.max} sesiones`;
    if (!entre(precio, 1, PRECIO_PAQUETE_MAX)) faltan['precio'] = 'Escribe el precio en pesos, sin centavos';
    if (!entre(vigencia, VIGENCIA_PAQUETE_DIAS.min, VIGENCIA_PAQUETE_DIAS.max))
      faltan['vigencia_dias'] = `Entre ${VIGENCIA_PAQUETE_DIAS.min} y ${VIGENCIA_PAQUETE_DIAS.max} días`;
    setErrores(faltan);
    setGeneral(null);
    if (Object.keys(faltan).length) return;
    const body = {
      nombre: nombre.trim(),
      procedimiento_id: Number(procedimiento),
      sesiones: Number(numero),
      precio: Number(precio),
      vigencia_dias: Number(vigencia),
    };
    guardar.mutate(paquete ? { id: paquete.id, body } : { id: null, body }, {
      onSuccess: (p) => {
        notifications.show({ color: 'green', message: `Paquete «${p.nombre}» guardado.` });
        onListo();
      },
      onError: (err) => {
        setErrores(serverFieldErrors(err));
        setGeneral(mensajeDeError(err, 'No pudimos guardar el paquete. Inténtalo de nuevo.'));
      },
    });
  };

  return (
    <form onSubmit={enviar} noValidate aria-label={paquete ? 'Editar paquete' : 'Nuevo paquete'}>
      <Stack gap="sm">
        <TextInput
          label="Nombre"
          required
          maxLength={120}
          placeholder="Depilación láser: 6 sesiones"
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
          error={errores['nombre']}
          data-autofocus
        />
        <Select
          label="Procedimiento"
          required
          searchable
          data={procedimientos.map((p) => ({ value: String(p.id), label: p.nombre }))}
          value={procedimiento}
          onChange={setProcedimiento}
          error={errores['procedimiento_id']}
          nothingFoundMessage="No hay procedimientos con ese nombre"
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label="Sesiones"
            required
            min={SESIONES_PAQUETE.min}
            max={SESIONES_PAQUETE.max}
            allowDecimal={false}
            value={numero}
            onChange={setNumero}
            error={errores['sesiones']}
          />
          <NumberInput
            label="Precio (COP)"
            required
            {...camposPesos}
            min={1}
            max={PRECIO_PAQUETE_MAX}
            value={precio}
            onChange={setPrecio}
            error={errores['precio']}
          />
          <NumberInput
            label="Vigencia (días)"
            required
            min={VIGENCIA_PAQUETE_DIAS.min}
            max={VIGENCIA_PAQUETE_DIAS.max}
            allowDecimal={false}
            value={vigencia}
            onChange={setVigencia}
            error={errores['vigencia_dias']}
          />
        </SimpleGrid>
        {paquete && (
          <Alert color="blue" variant="light">
            Los paquetes ya vendidos conservan el nombre, las sesiones, el precio y el vencimiento con que se vendieron.
          </Alert>
        )}
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <AccionesDialogo volver="Cancelar" onVolver={onListo} ocupado={guardar.isPending}>
          <Button type="submit" loading={guardar.isPending}>
            {paquete ? 'Guardar cambios' : 'Crear paquete'}
          </Button>
        </AccionesDialogo>
      </Stack>
    </form>
  );
}
