// /confirmarcorreo#token=…: the page the e-mail-change link opens (issue 21.1, decision 0037). As for password
// recovery, the token comes in the URL fragment, which browsers never send to a server; it is taken off the address
// bar at once (history, screenshots, a shared screen) and goes to the API only in a JSON body. Nothing is sent until
// the person presses the button: mail scanners open links to look at them, and must not complete the change.
// On success the API has closed every session of the account: a session open here, if it is that person's, is
// signed out, as after a password reset.
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { AvisoEnfocado } from '../../components/aviso-enfocado.tsx';
import { BotonEnlace } from '../../components/boton-con-icono.tsx';
import { AvisoFaltaCodigo, useTokenDelEnlace } from '../../components/enlace-con-token.tsx';
import { notifications } from '@mantine/notifications';
import { IconLinkOff, IconLogin, IconMailCheck, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { confirmarCorreo } from '../../lib/api/usuarios/cambiar-correo.ts';

/**
 * What a link claims, not verified (the API verifies): whose account and which address, read from the token's
 * layout `c1.<usuario>.<expira>.<correo base64url>.<firma>` (apps/api/src/lib/token-cambio-correo.ts). Only to say
 * which address the account moves to and whether the session open here is the one the API just closed; null when the
 * token does not look like that.
 */
export function datosDelEnlace(token: string): { usuarioId: number; correoNuevo: string } | null {
  const m = /^c1\.([1-9]\d{0,9})\.\d+\.([A-Za-z0-9_-]{1,400})\.[A-Za-z0-9_-]+$/.exec(token);
  if (!m) return null;
  try {
    const b64 = m[2]!.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const correoNuevo = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return correoNuevo.includes('@') ? { usuarioId: Number(m[1]), correoNuevo } : null;
  } catch {
    return null;
  }
}

type Resultado =
  | { tipo: 'hecho'; mensaje: string }
  | { tipo: 'enlace'; mensaje: string }
  | { tipo: 'fallo'; titulo: string; mensaje: string };

function Confirmacion({ token }: { token: string }) {
  const { isAuthenticated, userId, logout } = useAuth();
  const queryClient = useQueryClient();
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const datos = datosDelEnlace(token);

  const mutation = useMutation({
    mutationFn: confirmarCorreo,
    onSuccess: ({ mensaje }) => {
      // The API closed every session of that account. One of somebody else open here is left alone.
      if (isAuthenticated && (datos === null || datos.usuarioId === userId)) {
        logout();
        // Drop cached personal data, as signing out does (cerrar-sesion-screen.tsx).
        queryClient.clear();
      }
      notifications.show({ color: 'green', title: 'Correo confirmado', message: 'Inicia sesión con tu correo nuevo.' });
      setResultado({ tipo: 'hecho', mensaje });
    },
    onError: (err) => {
      const mensaje = mensajeDeError(err);
      // 400: ENLACE_INVALIDO, ENLACE_VENCIDO, or a token the schema refuses; a new link is the way forward.
      if (err instanceof ApiClientError && err.status === 400) setResultado({ tipo: 'enlace', mensaje });
      else
        setResultado({
          tipo: 'fallo',
          titulo:
            err instanceof ApiClientError && err.status === 429
              ? 'Espera un momento'
              : 'No pudimos confirmar tu correo',
          mensaje,
        });
      notifications.show({ color: 'red', title: 'No pudimos confirmar tu correo', message: mensaje });
    },
  });

  if (resultado?.tipo === 'hecho')
    return (
      <Stack gap="md">
        {/* The button that had the focus goes away: the focus goes to what happened. */}
        <AvisoEnfocado color="green" title="Tu correo cambió" icon={<IconMailCheck aria-hidden="true" />} role="status">
          {resultado.mensaje}
        </AvisoEnfocado>
        <BotonEnlace to={paths.iniciarSesion} size="md" icono={IconLogin}>
          Iniciar sesión
        </BotonEnlace>
      </Stack>
    );

  if (resultado?.tipo === 'enlace')
    return (
      <AvisoEnfocado color="red" title="Este enlace ya no sirve" icon={<IconLinkOff aria-hidden="true" />} role="alert">
        <Stack gap="sm">
          <Text size="sm">{resultado.mensaje}</Text>
          <CaminoAlPerfil />
        </Stack>
      </AvisoEnfocado>
    );

  return (
    <Stack gap="md">
      <Text>
        {datos ? (
          <>
            Tu cuenta pasará a usar{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {datos.correoNuevo}
            </Text>
            .
          </>
        ) : (
          'Confirma que este es el correo que quieres usar en tu cuenta.'
        )}{' '}
        Al confirmarlo cerramos tus sesiones abiertas y desde entonces entras con este correo.
      </Text>
      {resultado?.tipo === 'fallo' && <AlertaFallo titulo={resultado.titulo} mensaje={resultado.mensaje} />}
      <Button
        size="md"
        loading={mutation.isPending}
        leftSection={<IconShieldCheck size={18} aria-hidden="true" />}
        onClick={() => {
          setResultado(null);
          mutation.mutate({ token });
        }}
      >
        Confirmar mi nuevo correo
      </Button>
    </Stack>
  );
}

/** Where a person with a dead link asks again: her profile, after signing in if needed. */
function CaminoAlPerfil() {
  const { userId } = useAuth();
  // The alert's own text colour: the brand tone is too faint on its tint in the dark theme.
  const enlace = { size: 'sm', fw: 600, c: 'inherit', underline: 'always' } as const;
  return userId !== null ? (
    <Anchor component={Link} to={paths.editarUsuario(userId)} {...enlace}>
      Ir a mi perfil
    </Anchor>
  ) : (
    <Anchor component={Link} to={paths.iniciarSesion} {...enlace}>
      Iniciar sesión para pedirlo de nuevo
    </Anchor>
  );
}

export default function ConfirmarCorreoScreen() {
  usePageMeta({ title: 'Confirma tu nuevo correo', description: 'Confirma el nuevo correo de tu cuenta.' });
  const token = useTokenDelEnlace();

  return (
    <TarjetaAcceso titulo="Confirma tu nuevo correo">
      {token ? (
        // A new link starts over (its own request and result).
        <Confirmacion key={token} token={token} />
      ) : (
        <AvisoFaltaCodigo accion={<CaminoAlPerfil />}>
          Abre el enlace completo que te enviamos al correo nuevo. Si ya venció, pide el cambio de nuevo desde «Mi
          perfil».
        </AvisoFaltaCodigo>
      )}

      <Anchor component={Link} to={paths.inicio} size="sm" ta="center">
        Ir al inicio
      </Anchor>
    </TarjetaAcceso>
  );
}
