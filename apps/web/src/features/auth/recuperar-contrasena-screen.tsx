// /recuperarcontrasena: asks for the account's e-mail and sends a recovery link (issue 10.7). The answer is the
// same whether or not the address has an account, so the screen shows the server's message as it comes.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { CampoCorreo } from '../../lib/forms/campos-persona.tsx';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { BotonEnviar } from '../../components/boton-con-icono.tsx';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { solicitarRecuperacionSchema } from '@clinica/contracts/recuperacion';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { showServerErrors, zodFormOptions } from '../../lib/forms/zod-form.ts';
import { paths } from '../../lib/paths.ts';
import { solicitarRecuperacion } from '../../lib/api/recuperacion/solicitar-recuperacion.ts';

/** The e-mail typed on the sign-in screen, if it sent one along. */
function correoInicial(state: unknown): string {
  const correo = (state as { correo?: unknown } | null)?.correo;
  return typeof correo === 'string' ? correo : '';
}

export default function RecuperarContrasenaScreen() {
  usePageMeta({
    title: 'Recuperar contraseña',
    description: 'Pide un enlace para elegir una contraseña nueva.',
  });
  const location = useLocation();
  const [fallo, setFallo] = useState<{ titulo: string; mensaje: string } | null>(null);
  const form = useForm({
    initialValues: { correo: correoInicial(location.state) },
    ...zodFormOptions({ schema: solicitarRecuperacionSchema }),
  });

  const mutation = useMutation({
    mutationFn: solicitarRecuperacion,
    onError: (err) => {
      if (Object.keys(showServerErrors(form, err)).length) return;
      setFallo({
        titulo:
          err instanceof ApiClientError && err.status === 429 ? 'Espera un momento' : 'No pudimos enviar el enlace',
        mensaje: mensajeDeError(err),
      });
    },
  });

  const onSubmit = form.onSubmit(
    (datos) => {
      setFallo(null);
      mutation.mutate(datos);
    },
    () => setFallo(null),
  );

  return (
    <TarjetaAcceso
      titulo="Recupera tu contraseña"
      descripcion="Escribe el correo con el que te registraste y te enviaremos un enlace para elegir una contraseña nueva."
    >
      {mutation.isSuccess ? (
        <Alert
          color="green"
          variant="light"
          title="Revisa tu correo"
          icon={<IconMailCheck aria-hidden="true" />}
          role="status"
        >
          <Stack gap="sm">
            <Text size="sm">{mutation.data.mensaje}</Text>
            <Text size="sm">
              ¿No llegó?{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                // The alert's own text colour: the brand tone is too faint on its tint in the dark theme.
                c="inherit"
                fw={600}
                underline="always"
                onClick={() => mutation.reset()}
              >
                Pedir otro enlace
              </Anchor>
            </Text>
          </Stack>
        </Alert>
      ) : (
        <>
          <AlertaFallo titulo={fallo?.titulo} mensaje={fallo?.mensaje} />
          <form onSubmit={onSubmit} noValidate aria-label="Recuperar contraseña">
            <Stack gap="md">
              <CampoCorreo required {...form.getInputProps('correo')} />
              <BotonEnviar size="md" cargando={mutation.isPending} icono={IconSend}>
                Enviar enlace
              </BotonEnviar>
            </Stack>
          </form>
        </>
      )}

      <Anchor component={Link} to={paths.iniciarSesion} size="sm" ta="center">
        <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> Volver a iniciar sesión
      </Anchor>
    </TarjetaAcceso>
  );
}
