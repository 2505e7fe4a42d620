// /restablecercontrasena#token=…: the page the recovery e-mail links to (issue 10.7). The token comes in the URL
// fragment, which browsers never send to a server, and goes to the API in a JSON body. A new password with the same
// rules as registration; on success every session was closed, so the person signs in again.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLinkOff, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { contrasenaSchema } from '@clinica/contracts/usuarios';
import { z } from 'zod';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { PasswordField } from '../../lib/forms/password-field.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../lib/forms/zod-form.ts';
import { paths } from '../../lib/paths.ts';
import { restablecerContrasena } from '../../lib/api/recuperacion/restablecer-contrasena.ts';

/** The token of `#token=…` (null when the link came without one). */
export function tokenDelFragmento(hash: string): string | null {
  const valor = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return valor ? valor : null;
}

const esquema = z.object({ contrasena: contrasenaSchema, confirmacion: z.string() });
type Valores = { contrasena: string; confirmacion: string };

/** Link failures the person fixes by asking for a new link, not by retyping. */
const CODIGOS_ENLACE = new Set(['ENLACE_INVALIDO', 'ENLACE_VENCIDO', 'USUARIO_INACTIVO']);

export default function RestablecerContrasenaScreen() {
  usePageMeta({ title: 'Elige una contraseña nueva', description: 'Restablece la contraseña de tu cuenta.' });
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // From the address on every render: a link pasted over an open page (only the fragment changes) is read too.
  const token = tokenDelFragmento(location.hash);
  const [fallo, setFallo] = useState<{ titulo: string; mensaje: string; pedirOtro: boolean } | null>(null);
  const form = useForm({
    initialValues: { contrasena: '', confirmacion: '' },
    ...zodFormOptions<Valores, typeof esquema>({
      schema: esquema,
      extraErrors: (v) => ({
        confirmacion: !v.confirmacion
          ? 'Escribe de nuevo la contraseña'
          : v.confirmacion !== v.contrasena
            ? 'Las contraseñas no coinciden'
            : undefined,
      }),
      dependents: { contrasena: ['confirmacion'] },
    }),
  });

  const mutation = useMutation({
    mutationFn: restablecerContrasena,
    onSuccess: ({ mensaje }) => {
      notifications.show({ color: 'green', title: 'Contraseña cambiada', message: mensaje });
      // Replace: going back must not land on a used link.
      void navigate(paths.iniciarSesion, { replace: true });
    },
    onError: (err) => {
      if (Object.keys(showServerErrors(form, err)).length) {
        focusFirstInvalid(formRef.current);
        return;
      }
      const deEnlace = err instanceof ApiClientError && CODIGOS_ENLACE.has(err.code);
      setFallo({
        titulo: deEnlace
          ? 'Este enlace ya no sirve'
          : err instanceof ApiClientError && err.status === 429
            ? 'Espera un momento'
            : 'No pudimos cambiar tu contraseña',
        mensaje: mensajeDeError(err),
        pedirOtro: deEnlace,
      });
    },
  });

  function enviar({ contrasena }: { contrasena: string }) {
    if (!token) return;
    setFallo(null);
    mutation.mutate({ token, contrasena });
  }
  const noValido = () => focusFirstInvalid(formRef.current);

  return (
    <TarjetaAcceso
      titulo="Elige una contraseña nueva"
      descripcion="Usa al menos 8 caracteres. Una frase que recuerdes es más segura que una palabra con símbolos."
    >
      {!token ? (
        <Alert
          color="yellow"
          variant="light"
          title="Falta el código del enlace"
          icon={<IconLinkOff aria-hidden="true" />}
        >
          <Stack gap="sm">
            <Text size="sm">
              Abre el enlace completo que te enviamos por correo. Si no lo tienes o ya venció, pide uno nuevo.
            </Text>
            {/* The alert's own text colour: the brand tone is too faint on its tint in the dark theme. */}
            <Anchor component={Link} to={paths.recuperarContrasena} size="sm" fw={600} c="inherit" underline="always">
              Pedir un enlace nuevo
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          {fallo && (
            <Stack gap="xs">
              <AlertaFallo titulo={fallo.titulo} mensaje={fallo.mensaje} />
              {fallo.pedirOtro && (
                <Anchor component={Link} to={paths.recuperarContrasena} size="sm" fw={600}>
                  Pedir un enlace nuevo
                </Anchor>
              )}
            </Stack>
          )}
          <form
            ref={formRef}
            onSubmit={(e) => form.onSubmit(enviar, noValido)(e)}
            noValidate
            aria-label="Elegir contraseña nueva"
          >
            <Stack gap="md">
              <PasswordField
                label="Contraseña nueva"
                autoComplete="new-password"
                required
                leftSection={<IconLock size={16} aria-hidden="true" />}
                {...form.getInputProps('contrasena')}
              />
              <PasswordField
                label="Repite la contraseña nueva"
                autoComplete="new-password"
                required
                leftSection={<IconLock size={16} aria-hidden="true" />}
                {...form.getInputProps('confirmacion')}
              />
              <Button
                type="submit"
                size="md"
                loading={mutation.isPending}
                leftSection={<IconKey size={18} aria-hidden="true" />}
              >
                Cambiar contraseña
              </Button>
            </Stack>
          </form>
        </>
      )}

      <Anchor component={Link} to={paths.iniciarSesion} size="sm" ta="center">
        Volver a iniciar sesión
      </Anchor>
    </TarjetaAcceso>
  );
}
