// /iniciarsesion: sign in with email and password, then back to the page that sent the person here
// (the guard leaves it in state.from) or to /dashboard. A visitor who came from «Agregar al carrito» is told the
// treatment will be in her cart; «Regístrate» carries the same state, so registering keeps it too (issue 27.5).
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { CampoCorreo } from '../../lib/forms/campos-persona.tsx';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { BotonEnviar } from '../../components/boton-con-icono.tsx';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLogin2 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { iniciarSesionSchema } from '@clinica/contracts/usuarios';
import { estadoDeRegreso, intencionCarrito, navegacionTrasIniciarSesion } from '../../app/guards.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { PasswordField } from '../../lib/forms/password-field.tsx';
import { zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { iniciarSesion } from '../../lib/api/usuarios/sesion.ts';
import { AvisoIntencionCarrito } from './components/aviso-intencion-carrito.tsx';
import { primerNombre } from '../../lib/format.ts';

/** What to tell the person for each failure; the server's Spanish text is the most precise. */
export function mensajeInicioSesion(err: unknown): { titulo: string; mensaje: string } {
  if (err instanceof ApiClientError) {
    switch (err.status) {
      case 401:
        return { titulo: 'No pudimos iniciar sesión', mensaje: err.body.error || 'Correo o contraseña incorrectos.' };
      case 403:
        return {
          titulo: 'Tu cuenta está inactiva',
          mensaje: err.body.error || 'Comunícate con la clínica para activarla.',
        };
      case 429:
        return {
          titulo: 'Demasiados intentos',
          mensaje: err.body.error || 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
        };
      case 400:
        return { titulo: 'Revisa tus datos', mensaje: err.body.error };
      default:
        return { titulo: 'No pudimos iniciar sesión', mensaje: err.body.error };
    }
  }
  return { titulo: 'No pudimos iniciar sesión', mensaje: 'Ocurrió un error inesperado. Inténtalo de nuevo.' };
}

export default function IniciarSesionScreen() {
  usePageMeta({ title: 'Iniciar sesión', description: 'Inicia sesión para ver tus citas, tu carrito y tu perfil.' });
  const { login, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [fallo, setFallo] = useState<{ titulo: string; mensaje: string } | null>(null);
  const regreso = estadoDeRegreso(location.state);
  const form = useForm({
    initialValues: { correo: '', contrasena: '' },
    ...zodFormOptions({ schema: iniciarSesionSchema }),
  });

  const mutation = useMutation({
    mutationFn: iniciarSesion,
    onSuccess: ({ token, usuario }) => {
      login(token);
      notifications.show({
        color: 'green',
        title: `¡Hola, ${primerNombre(usuario.nombre)}!`,
        message: 'Iniciaste sesión.',
      });
      void navigate(...navegacionTrasIniciarSesion(regreso));
    },
    onError: (err) => setFallo(mensajeInicioSesion(err)),
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
      titulo="Inicia sesión"
      descripcion="Entra para ver tus citas, tu carrito de tratamientos y tu perfil."
    >
      {intencionCarrito(regreso) !== null && (
        <AvisoIntencionCarrito>
          Cuando inicies sesión, el tratamiento quedará en tu carrito y volverás a su página. Si aún no tienes cuenta,
          regístrate: también lo guardamos.
        </AvisoIntencionCarrito>
      )}

      {/* Signed in from here, the page stays until the next screen has loaded: that is no earlier session. */}
      {isAuthenticated && !mutation.isPending && !mutation.isSuccess && (
        <Alert color="blue" variant="light" title="Ya tienes una sesión abierta">
          <Group gap="md">
            <Anchor component={Link} to={paths.dashboard}>
              Ir a mi panel
            </Anchor>
            <Anchor component={Link} to={paths.cerrarSesion}>
              Cerrar sesión
            </Anchor>
          </Group>
        </Alert>
      )}

      <AlertaFallo titulo={fallo?.titulo} mensaje={fallo?.mensaje} />

      <form onSubmit={onSubmit} noValidate aria-label="Iniciar sesión">
        <Stack gap="md">
          <CampoCorreo required {...form.getInputProps('correo')} />
          <PasswordField
            label="Contraseña"
            autoComplete="current-password"
            required
            leftSection={<IconLock size={16} aria-hidden="true" />}
            {...form.getInputProps('contrasena')}
          />
          <Anchor
            component={Link}
            to={paths.recuperarContrasena}
            state={{ correo: form.values.correo.trim() }}
            size="sm"
            style={{ alignSelf: 'flex-end' }}
          >
            ¿Olvidaste tu contraseña?
          </Anchor>
          <BotonEnviar size="md" cargando={mutation.isPending || mutation.isSuccess} icono={IconLogin2}>
            Iniciar sesión
          </BotonEnviar>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        ¿Aún no tienes cuenta?{' '}
        <Anchor component={Link} to={paths.registrar} state={regreso} fw={600}>
          Regístrate
        </Anchor>
      </Text>
    </TarjetaAcceso>
  );
}
