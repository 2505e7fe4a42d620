// /restablecercontrasena#token=…: the page the recovery e-mail links to (issue 10.7). The token comes in the URL
// fragment, which browsers never send to a server, and goes to the API in a JSON body. A new password with the same
// rules as registration; on success every session was closed, so the person signs in again.
import { Anchor, Stack } from '@mantine/core';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { BotonEnviar } from '../../components/boton-con-icono.tsx';
import { FormularioConEnvio } from '../../components/formulario-con-envio.tsx';
import { CamposContrasenaNueva, errorConfirmacion } from '../../components/campos-contrasena-nueva.tsx';
import { AvisoFaltaCodigo, tokenDelFragmento } from '../../components/enlace-con-token.tsx';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { contrasenaSchema } from '@clinica/contracts/usuarios';
import { z } from 'zod';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../lib/forms/zod-form.ts';
import { paths } from '../../lib/paths.ts';
import { restablecerContrasena } from '../../lib/api/recuperacion/restablecer-contrasena.ts';

const esquema = z.object({ contrasena: contrasenaSchema, confirmacion: z.string() });
type Valores = { contrasena: string; confirmacion: string };

/** Link failures the person fixes by asking for a new link, not by retyping. */
const CODIGOS_ENLACE = new Set(['ENLACE_INVALIDO', 'ENLACE_VENCIDO', 'USUARIO_INACTIVO']);

/**
 * The way to a new link. Inside an alert it takes the alert's own text colour: the brand tone is too faint on its tint
 * in the dark theme.
 */
function PedirEnlaceNuevo({ enAviso = false }: { enAviso?: boolean }) {
  const colorDelAviso = enAviso ? ({ c: 'inherit', underline: 'always' } as const) : {};
  return (
    <Anchor component={Link} to={paths.recuperarContrasena} size="sm" fw={600} {...colorDelAviso}>
      Pedir un enlace nuevo
    </Anchor>
  );
}

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
      extraErrors: (v) => ({ confirmacion: errorConfirmacion(v.contrasena, v.confirmacion) }),
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
  const envio = { formRef, noValido: () => focusFirstInvalid(formRef.current) };

  return (
    <TarjetaAcceso
      titulo="Elige una contraseña nueva"
      descripcion="Usa al menos 8 caracteres. Una frase que recuerdes es más segura que una palabra con símbolos."
    >
      {!token ? (
        <AvisoFaltaCodigo accion={<PedirEnlaceNuevo enAviso />}>
          Abre el enlace completo que te enviamos por correo. Si no lo tienes o ya venció, pide uno nuevo.
        </AvisoFaltaCodigo>
      ) : (
        <>
          {fallo && (
            <Stack gap="xs">
              <AlertaFallo titulo={fallo.titulo} mensaje={fallo.mensaje} />
              {fallo.pedirOtro && <PedirEnlaceNuevo />}
            </Stack>
          )}
          <FormularioConEnvio form={form} envio={envio} enviar={enviar} aria-label="Elegir contraseña nueva">
            <Stack gap="md">
              <CamposContrasenaNueva
                apiladas
                contrasena={form.getInputProps('contrasena')}
                confirmacion={form.getInputProps('confirmacion')}
                etiquetas={{ contrasena: 'Contraseña nueva', confirmacion: 'Repite la contraseña nueva' }}
              />
              <BotonEnviar size="md" cargando={mutation.isPending} icono={IconKey}>
                Cambiar contraseña
              </BotonEnviar>
            </Stack>
          </FormularioConEnvio>
        </>
      )}

      <Anchor component={Link} to={paths.iniciarSesion} size="sm" ta="center">
        Volver a iniciar sesión
      </Anchor>
    </TarjetaAcceso>
  );
}
