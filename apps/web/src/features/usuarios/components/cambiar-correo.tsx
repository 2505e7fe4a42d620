// «Correo electrónico» of one's own profile (issue 21.1, decision 0037): the address the account uses and a small
// form to ask for another one. Only the owner moves her account, with her current password; the new address gets a
// link and nothing changes until it is opened, so a typo or somebody at an unlocked screen cannot take the account.
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { CampoCorreo } from '../../../lib/forms/campos-persona.tsx';
import { AvisoEnfocado } from '../../../components/aviso-enfocado.tsx';
import { FormularioConEnvio } from '../../../components/formulario-con-envio.tsx';
import { BotonEnviar } from '../../../components/boton-con-icono.tsx';
import { useForm, type TransformedValues } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMail, IconMailCheck, IconMailForward, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { cambiarCorreoSchema } from '@clinica/contracts/usuarios';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { useEnvioFormulario } from '../../../lib/forms/envio-formulario.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { PasswordField } from '../../../lib/forms/password-field.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { useCambiarCorreo } from '../../../lib/api/usuarios/cambiar-correo.ts';
import { EncabezadoTarjeta } from './encabezado-tarjeta.tsx';

type Valores = { correo_nuevo: string; contrasena_actual: string };
const vacio: Valores = { correo_nuevo: '', contrasena_actual: '' };

function FormularioCorreo({
  correo,
  onEnviado,
  onCancelar,
}: {
  correo: string;
  onEnviado: (mensaje: string) => void;
  onCancelar: () => void;
}) {
  const correoRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: vacio,
    ...zodFormOptions({
      schema: cambiarCorreoSchema,
      // The server says so too; here it saves a password attempt.
      extraErrors: (v: Valores) => ({
        correo_nuevo:
          v.correo_nuevo.trim().toLowerCase() === correo.toLowerCase()
            ? 'Ese ya es el correo de tu cuenta.'
            : undefined,
      }),
    }),
  });
  const mutation = useCambiarCorreo();
  const envio = useEnvioFormulario(form, 'No pudimos pedir el cambio de correo');

  // The form appears on a click: the person continues where they were going to type.
  useEffect(() => correoRef.current?.focus(), []);

  function enviar(datos: TransformedValues<typeof form>) {
    envio.setFallo(null);
    mutation.mutate(datos, {
      onSuccess: ({ mensaje }) => {
        notifications.show({
          color: 'green',
          title: 'Enlace enviado',
          message: 'Abre el enlace que te enviamos al correo nuevo para terminar el cambio.',
        });
        onEnviado(mensaje);
      },
      onError: (err) => {
        const mensaje = mensajeDeError(err);
        const campos = showServerErrors(form, err);
        // A 409 CORREO_DUPLICADO is about the address: here that field is correo_nuevo.
        if (campos.correo) {
          form.setErrors(({ correo: _c, ...prev }) => ({ ...prev, correo_nuevo: campos.correo }));
          form.setTouched((prev) => ({ ...prev, correo_nuevo: false }));
        }
        if (Object.keys(campos).length) focusFirstInvalid(envio.formRef.current);
        else envio.setFallo(mensaje);
        notifications.show({ color: 'red', title: 'No pudimos pedir el cambio de correo', message: mensaje });
      },
    });
  }

  return (
    <FormularioConEnvio
      form={form}
      envio={envio}
      enviar={enviar}
      id="perfil-correo-formulario"
      aria-label="Cambiar correo"
    >
      <Stack gap="md">
        <Text size="sm">
          Te enviaremos un enlace al correo nuevo. Tu correo no cambia hasta que lo abras; mientras tanto sigues
          entrando con el actual.
        </Text>
        <AlertaFallo titulo="No pudimos pedir el cambio de correo" mensaje={envio.fallo} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CampoCorreo ref={correoRef} label="Correo nuevo" required {...form.getInputProps('correo_nuevo')} />
          <PasswordField
            label="Tu contraseña actual"
            autoComplete="current-password"
            required
            {...form.getInputProps('contrasena_actual')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancelar} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <BotonEnviar cargando={mutation.isPending} icono={IconSend}>
            Enviar enlace
          </BotonEnviar>
        </Group>
      </Stack>
    </FormularioConEnvio>
  );
}

export function CorreoDeLaCuenta({ correo }: { correo: string }) {
  const [abierto, setAbierto] = useState(false);
  const [enviado, setEnviado] = useState<string | null>(null);
  const botonRef = useRef<HTMLButtonElement>(null);

  function cancelar() {
    setAbierto(false);
    setTimeout(() => botonRef.current?.focus(), 0);
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="perfil-correo-titulo">
      <Stack gap="lg">
        <EncabezadoTarjeta
          id="perfil-correo-titulo"
          titulo="Correo electrónico"
          descripcion="Con él inicias sesión y recibes los avisos de la clínica."
        />
        <Group justify="space-between" gap="md">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color="rosa" size="lg" radius="xl" aria-hidden="true">
              <IconMail size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                Correo actual
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {correo}
              </Text>
            </div>
          </Group>
          {!abierto && (
            <Button
              ref={botonRef}
              variant="light"
              aria-expanded={false}
              aria-controls="perfil-correo-formulario"
              leftSection={<IconMailForward size={18} aria-hidden="true" />}
              onClick={() => {
                setEnviado(null);
                setAbierto(true);
              }}
            >
              Cambiar correo
            </Button>
          )}
        </Group>
        {/* The form (and the button that had the focus) went away: the focus goes where the page changed. */}
        {enviado && (
          <AvisoEnfocado
            color="green"
            title="Revisa tu correo nuevo"
            icon={<IconMailCheck aria-hidden="true" />}
            role="status"
          >
            <Stack gap={6}>
              <Text size="sm">{enviado}</Text>
              <Text size="sm">
                Si no llega en unos minutos, revisa la carpeta de correo no deseado o pídelo de nuevo.
              </Text>
            </Stack>
          </AvisoEnfocado>
        )}
        {abierto && (
          <FormularioCorreo
            correo={correo}
            onCancelar={cancelar}
            onEnviado={(mensaje) => {
              setAbierto(false);
              setEnviado(mensaje);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
