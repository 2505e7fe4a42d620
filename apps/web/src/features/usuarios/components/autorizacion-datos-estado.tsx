// A patient's Ley 1581 authorisation on her details (issue 21.4): when she accepted the terms and the data policy,
// or «Pendiente»; while pending, the front desk records it after she reads and accepts them on the clinic's screen.
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { autorizacionDatosSchema, type UsuarioWire } from '@clinica/contracts/usuarios';
import { CasillasAutorizacionDatos, EnlaceTerminos } from '../../../lib/forms/autorizacion-datos.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { formatFecha, formatHora } from '../../../lib/tiempo.ts';
import { useRegistrarAutorizacion } from '../../../lib/api/usuarios/autorizacion-datos.ts';

export const BOTON_REGISTRAR_AUTORIZACION = 'Registrar autorización en recepción';

/** «Aceptada el dd/mm/aaaa h:mm a. m.» or «Pendiente». */
export function textoAutorizacion(en: string | null | undefined): string {
  return en ? `Aceptada el ${formatFecha(en)} ${formatHora(en)}` : 'Pendiente';
}

export function AutorizacionDatosEstado({
  usuario,
  puedeRegistrar,
}: {
  usuario: UsuarioWire;
  puedeRegistrar: boolean;
}) {
  const [abierto, setAbierto] = useState(false);
  const en = usuario.autorizacion_datos_en;
  // Plain text, in the value's own size like the rows above it (a <Text> of its own was 16 px among 14 px values).
  if (en) return textoAutorizacion(en);
  return (
    <Stack gap="xs" align="flex-start">
      <Badge color="yellow" variant="light" size="lg">
        Pendiente
      </Badge>
      <Text size="sm" c="dimmed">
        Se le pedirá aceptarla al iniciar sesión. Hasta entonces no se puede abrir su historia clínica ni agendarle
        procedimientos.
      </Text>
      {puedeRegistrar && (
        <Button
          variant="light"
          size="sm"
          // On a phone the label wraps inside the value column instead of overflowing it.
          maw="100%"
          h="auto"
          mih={34}
          py={6}
          styles={{ label: { whiteSpace: 'normal' } }}
          onClick={() => setAbierto(true)}
          leftSection={<IconShieldCheck size={18} aria-hidden="true" />}
        >
          {BOTON_REGISTRAR_AUTORIZACION}
        </Button>
      )}
      <Modal opened={abierto} onClose={() => setAbierto(false)} title="Registrar la autorización de datos" size="lg">
        {abierto && <Confirmar usuario={usuario} onClose={() => setAbierto(false)} />}
      </Modal>
    </Stack>
  );
}

function Confirmar({ usuario, onClose }: { usuario: UsuarioWire; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const registrar = useRegistrarAutorizacion();
  const form = useForm({
    initialValues: { terminos_condiciones: false, politica_datos: false },
    ...zodFormOptions({ schema: autorizacionDatosSchema }),
  });

  function enviar() {
    setError(null);
    registrar.mutate(usuario.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Autorización registrada',
          message: `Quedó registrado que ${usuario.nombre} aceptó los términos y la política de datos en recepción.`,
        });
        onClose();
      },
      onError: (err) => setError(mensajeDeError(err, 'No pudimos registrar la autorización. Inténtalo de nuevo.')),
    });
  }

  return (
    <form onSubmit={(e) => form.onSubmit(enviar)(e)} noValidate aria-label="Registrar la autorización de datos">
      <Stack gap="md">
        <Text size="sm">
          Pídele a {usuario.nombre} que lea en esta pantalla los{' '}
          <EnlaceTerminos>términos y la política de tratamiento de datos</EnlaceTerminos> y que marque ella misma las
          dos casillas. Queda registrado quién la registró, cuándo y desde dónde.
        </Text>
        <CasillasAutorizacionDatos
          terminos={form.getInputProps('terminos_condiciones', { type: 'checkbox' })}
          politica={form.getInputProps('politica_datos', { type: 'checkbox' })}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" title="No se registró la autorización">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={registrar.isPending}>
            Volver
          </Button>
          <Button
            type="submit"
            loading={registrar.isPending}
            leftSection={<IconShieldCheck size={18} aria-hidden="true" />}
          >
            Registrar autorización
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
